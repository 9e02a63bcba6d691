"""plakoto_site: a static, multilingual, interactive tutorial for Plakoto.

Layers, each importing only those before it:
``engine`` → ``content`` → ``i18n`` → ``render`` → ``build``.
"""

__version__ = "0.1.0"
