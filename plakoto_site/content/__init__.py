"""What the site *is*: lessons, diagram sources and the site settings, read and checked.

Nothing here renders HTML; every diagram is replayed through the engine.
"""
