#!/usr/bin/env python3
"""Build the Plakoto tutorial. Run ``python build.py --help``."""

import sys

from plakoto_site.build.cli import main

if __name__ == "__main__":
    sys.exit(main())
