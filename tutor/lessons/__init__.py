"""The curriculum: lessons as data files in ``lessons/``, validated and replayed by the engine.

See docs/lessons.md for the format; :mod:`tutor.lessons.load` reads the files,
:mod:`tutor.lessons.validate` replays them, :mod:`tutor.lessons.runner` plays them.
"""
