"""Drawing and page rendering: SVG boards in Python, pages through Jinja2."""
