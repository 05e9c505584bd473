"""Run the Python tests (unittest discovery in this directory) and print
"python: N passed, M failed"; the exit status is non-zero when any test fails.
Equivalent to `python3 -m unittest discover -s python/tests` plus the summary line."""

import os
import sys
import unittest


def main():
    """Discover, run, summarise."""
    here = os.path.dirname(os.path.abspath(__file__))
    suite = unittest.defaultTestLoader.discover(here, top_level_dir=here)
    result = unittest.TextTestRunner(verbosity=1).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    print("python: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
