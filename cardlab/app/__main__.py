"""``python -m cardlab.app``: the same as ``cardlab-classroom``."""

from cardlab.app import main

if __name__ == "__main__":
    raise SystemExit(main())
