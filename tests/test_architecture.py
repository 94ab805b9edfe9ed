"""The house's plan, checked: every import in tutor/ (at the top, inside functions and under
``TYPE_CHECKING`` alike: a type-only import still ties two rooms together) goes down a floor or
stays in its room, no import circle closes (KNOWN_CIRCLES, now empty, would name one left on
purpose), and at most eight modules are left at the top of the package.

The floors, from the ground up (a room imports only rooms on lower floors):

====  ===========================================================================
0     ``tutor`` (the version), ``engine`` (the rules: pure, the only judge)
1     ``config``, ``content`` (settings and where the lessons and catalogs are)
2     ``i18n`` (catalogs per learner), ``store`` (progress kept in a database)
3     ``words`` (explanations, narration, names, texts, glossary)
4     ``lessons`` (the curriculum as data, checked by replaying it)
5     ``play`` (the computer players, the right move after a mistake), ``handout`` (PDFs)
6     ``ui`` (the Streamlit app), ``app_server`` (serves it from the package)
7     ``devtools`` (benchmarks, fuzzing, the translators' workflow)
8     ``cli`` (every command), then ``__main__``
====  ===========================================================================
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tutor"
FLOORS = {
    "tutor": 0, "engine": 0, "config": 1, "content": 1, "i18n": 2, "store": 2, "words": 3,
    "lessons": 4, "play": 5, "handout": 5, "ui": 6, "app_server": 6, "devtools": 7, "cli": 8,
    "__main__": 9,
}
# No circle is left: the engine's judge -> going_out -> step rules run one way (issue 24, item 2).
KNOWN_CIRCLES: list[set[str]] = []
MAX_TOP_MODULES = 8


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            subs = {f"{source}.{alias.name}" for alias in node.names} & known.keys()
            out |= subs
            if len(subs) < len(node.names):
                out.add(source)
    result = set()
    for target in out:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target.startswith("tutor") and target != name:
            result.add(target)
    return result


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def room(name: str) -> str:
    parts = name.split(".")
    return "tutor" if len(parts) == 1 else parts[1]


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_every_room_has_a_floor() -> None:
    assert {room(name) for name in modules()} <= FLOORS.keys()


def test_every_import_goes_down_a_floor_or_stays_in_its_room() -> None:
    upward: dict[str, list[str]] = defaultdict(list)
    for name, targets in graph().items():
        for target in targets:
            if room(target) != room(name) and FLOORS[room(target)] >= FLOORS[room(name)]:
                upward[f"{room(name)} -> {room(target)}"].append(f"{name} imports {target}")
    assert not upward, dict(upward)


def test_no_import_circle_closes_but_the_known_one() -> None:
    assert sorted(map(sorted, circles(graph()))) == sorted(map(sorted, KNOWN_CIRCLES))


def test_the_check_finds_an_upward_import_and_a_circle() -> None:
    """The same checks on a planted graph: a store module importing the UI, and two modules
    importing each other."""
    planted = {"tutor.store.x": {"tutor.ui.y"}, "tutor.ui.y": {"tutor.store.x"}}
    assert circles(planted) == [{"tutor.store.x", "tutor.ui.y"}]
    assert FLOORS[room("tutor.ui.y")] >= FLOORS[room("tutor.store.x")]


def test_few_modules_are_left_at_the_top() -> None:
    top = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")
    assert len(top) <= MAX_TOP_MODULES, top


def test_every_room_says_what_it_owns_and_may_import() -> None:
    for folder in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").exists()):
        if folder.name.startswith("_"):
            continue
        readme = folder / "README.md"
        assert readme.exists(), f"{folder.name}/ has no README.md"
        text = readme.read_text(encoding="utf-8")
        assert "May import" in text and "Owns" in text, f"{folder.name}/README.md"
