"""The teacher's page of a class, built in three queries and one small one per member.

Members; their steps counted per lesson and status; their mastery rows (the heatmap and the
rules got wrong most often, from the wrong answers counted per rule); then each member's last
few wrong attempts. The counts are a
learner's whole history, not only since joining the class: a rule is as hard either way.
"""

from __future__ import annotations

from collections import defaultdict

import sqlalchemy as sa

from tutor.store import rows as convert
from tutor.store.schedule import TOP_BOX
from tutor.store.schema import attempts, learners, mastery, members, steps
from tutor.store.values import (
    ClassInfo,
    ClassReport,
    ErrorRecord,
    LessonCount,
    MemberReport,
    RuleTrouble,
    StepStatus,
)


def build_report(connection: sa.Connection, info: ClassInfo, class_id: int,
                 errors: int) -> ClassReport:
    in_class = sa.select(members.c.learner_id).where(members.c.class_id == class_id)
    people = connection.execute(
        sa.select(members.c.learner_id, members.c.nickname, members.c.joined_at,
                  learners.c.last_seen_at)
        .join(learners, learners.c.id == members.c.learner_id)
        .where(members.c.class_id == class_id)
        .order_by(members.c.joined_at, members.c.learner_id)).all()

    counts: dict[tuple[int, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in connection.execute(
            sa.select(steps.c.learner_id, steps.c.lesson_id, steps.c.status,
                      sa.func.count().label("n"))
            .where(steps.c.learner_id.in_(in_class))
            .group_by(steps.c.learner_id, steps.c.lesson_id, steps.c.status)):
        counts[row.learner_id, row.lesson_id][row.status] = row.n
    others = sorted({lesson for _, lesson in counts} - set(info.lessons))
    lessons = (*info.lessons, *others)

    level: dict[tuple[int, str], float] = {}
    wrong: dict[str, int] = defaultdict(int)
    right: dict[str, int] = defaultdict(int)
    erring: dict[str, int] = defaultdict(int)
    for row in connection.execute(
            sa.select(mastery.c.learner_id, mastery.c.rule_id, mastery.c.box,
                      mastery.c.right_count, mastery.c.wrong_count)
            .where(mastery.c.learner_id.in_(in_class))):
        level[row.learner_id, row.rule_id] = row.box / TOP_BOX
        wrong[row.rule_id] += row.wrong_count
        right[row.rule_id] += row.right_count
        erring[row.rule_id] += row.wrong_count > 0
    rules = tuple(sorted(right.keys() | wrong.keys(), key=lambda rule: (-wrong[rule], rule)))

    latest = _latest_errors(connection, [p.learner_id for p in people], errors) if errors else {}
    reports = tuple(
        MemberReport(
            number, person.nickname, person.joined_at, person.last_seen_at,
            tuple(LessonCount(lesson, counts[person.learner_id, lesson][StepStatus.DONE],
                              counts[person.learner_id, lesson][StepStatus.SKIPPED])
                  for lesson in lessons),
            latest.get(person.learner_id, ()))
        for number, person in enumerate(people, start=1))
    return ClassReport(
        info, lessons, reports, rules,
        tuple(tuple(level.get((person.learner_id, rule)) for rule in rules) for person in people),
        tuple(RuleTrouble(rule, wrong[rule], right[rule], erring[rule])
              for rule in rules if wrong[rule]))


def _latest_errors(connection: sa.Connection, learner_ids: list[int],
                   limit: int) -> dict[int, tuple[ErrorRecord, ...]]:
    """One small query per learner: each walks the index (learner, correct, at) backwards and
    stops after ``limit`` rows, where one window over the class would sort all its errors."""
    query = (sa.select(attempts)
             .where(attempts.c.learner_id == sa.bindparam("learner"),
                    attempts.c.correct == sa.false())
             .order_by(attempts.c.at.desc(), attempts.c.id.desc()).limit(limit))
    return {learner: tuple(convert.error_record(row)
                           for row in connection.execute(query, {"learner": learner}))
            for learner in learner_ids}
