"""The expert player on each lesson decide step (``python -m tutor.devtools.decide_report``).

A decide step's best option is the lesson's, checked by the engine (tutor.lessons.validate); the
expert is a second opinion: for each step it weighs its own candidates and every option's named
moves on sampled worlds, and this prints its pick and the estimated value of each option, so an
author sees where the expert disagrees. A report, not a gate: the expert's values are estimates
with noise (see tutor/play/expert.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.engine.view import observe
from tutor.lessons.answers import option_of
from tutor.lessons.load import LESSONS_DIR, load_each
from tutor.lessons.model import Lesson, Step, StepKind
from tutor.play.expert import Budget, Expert

REPORT_BUDGET = Budget(milliseconds=3000.0, rollouts=900)


@dataclass(frozen=True, slots=True)
class Opinion:
    lesson: str
    step: str
    expert_option: int | None  # the option (1-based) the expert's pick belongs to
    best_option: int  # the lesson's best (1-based)
    values: tuple[tuple[int, float], ...]  # option (1-based), the best value of its moves

    @property
    def agrees(self) -> bool:
        return self.expert_option == self.best_option


def opinion(lesson: Lesson, step: Step, expert: Expert) -> Opinion:
    assert step.position is not None
    view = observe(step.position, step.position.actor)
    values: dict[int, float] = {}
    for option in step.options:
        for move in option.moves:
            appraisal = expert.appraise(view, include=move, budget=REPORT_BUDGET)
            for weighed in appraisal.alternatives:
                index = option_of(step, weighed.action)
                if index is not None:
                    values[index + 1] = max(values.get(index + 1, -1e9), weighed.value)
    picked = expert.choose(view)
    chosen = option_of(step, picked)
    best = next(i for i, option in enumerate(step.options, start=1) if option.best)
    return Opinion(lesson.id, step.id, None if chosen is None else chosen + 1, best,
                   tuple(sorted(values.items())))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=LESSONS_DIR)
    parser.add_argument("lesson", nargs="*", help="lesson ids (default: all)")
    args = parser.parse_args(argv)
    expert = Expert(seed=1)
    agree = total = 0
    for lesson in load_each(args.dir).lessons:
        if args.lesson and lesson.id not in args.lesson:
            continue
        for step in lesson.steps:
            if step.kind is not StepKind.DECIDE:
                continue
            total += 1
            try:
                found = opinion(lesson, step, expert)
            except (IndexError, ValueError, AssertionError) as exc:  # e.g. opponents' hands empty
                print(f"{lesson.id}/{step.id}: the expert cannot play this position out "
                      f"({type(exc).__name__}: give every seat a full hand)")
                continue
            agree += found.agrees
            values = ", ".join(f"option {i}: {v:+.0f}" for i, v in found.values)
            mark = "agrees" if found.agrees else f"picks option {found.expert_option}"
            print(f"{lesson.id}/{step.id}: best option {found.best_option}; expert {mark}"
                  f" ({values})")
    print(f"{total} decide steps; the expert agrees on {agree}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
