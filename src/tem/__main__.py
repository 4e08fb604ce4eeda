"""``python -m tem``: the same as the ``tem`` console script."""

from tem.cli import main

if __name__ == "__main__":
    main()
