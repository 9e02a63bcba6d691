"""Building the site: gather → check → render → write, and the command line."""
