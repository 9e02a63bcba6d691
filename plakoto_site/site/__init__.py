"""Making the site: gather → check → render → write (``build()`` in build.py)."""
