"""The command line: ``plakoto-site build|serve|check|status|diagram|messages``."""
