"""The Hugo shortcode and the WordPress plugin in integrations/ build addresses that exist
in the built site: the embed page of a real diagram, and its oEmbed file."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from plakoto_site.render.embed import WIDTHS

REPO = Path(__file__).resolve().parents[2]
SHORTCODE = REPO / "integrations/hugo/layouts/shortcodes/plakoto.html"
WORDPRESS = REPO / "integrations/wordpress/plakoto-oembed.php"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hosts") / "_site"
    done = subprocess.run([sys.executable, str(REPO / "build.py"), "build", "--out", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def php() -> str:
    """The PHP command line that runs the plugin's functions (``make test`` installs it)."""
    found = shutil.which("php")
    assert found, "no php on PATH: run `make test`, which installs php-cli (scripts/ensure-tool.sh php)"
    return found


def shortcode_uses(text: str) -> list[dict[str, str]]:
    """The arguments of every ``{{< plakoto … >}}`` written in ``text``."""
    return [dict(re.findall(r'(\w+)="([^"]*)"', use)) for use in re.findall(r"\{\{<\s*plakoto\s(.*?)>\}\}", text)]


def test_the_shortcode_builds_the_embed_page_address(built: Path) -> None:
    template = SHORTCODE.read_text()
    # The address is SITE (its trailing slash trimmed), then "/", the language, "embed", the id.
    assert 'printf "%s/%s/embed/%s/index.html" (strings.TrimSuffix "/" $site) $lang $id' in template
    assert '$src = printf "%s?step=%s" $src (urlquery .)' in template
    assert '.Get "lang" | default "en"' in template
    examples = shortcode_uses(template.split("*/")[0]) + shortcode_uses((REPO / "EMBEDDING.md").read_text())
    assert len(examples) >= 3
    for example in examples:
        page = built / example.get("lang", "en") / "embed" / example["id"] / "index.html"
        assert page.is_file(), f"{example} names no embed page"
        if "step" in example:
            # ?step= takes a step's number or name, as the embed page's frames carry them.
            html = page.read_text(encoding="utf-8")
            assert (f'data-step-name="{example["step"]}"' in html
                    or f'data-step-index="{example["step"]}"' in html), example


def wordpress_pattern() -> tuple[str, re.Pattern[str]]:
    php = WORDPRESS.read_text()
    site = re.search(r"const PLAKOTO_SITE = '([^']+)';", php)
    rest = re.search(r"'#\^\(' \. preg_quote\( PLAKOTO_SITE, '#' \) \. '(.*?)\$#i'", php)
    assert site and rest, "the plugin's address pattern is not where this test reads it"
    return site[1], re.compile("^(" + re.escape(site[1]) + rest[1] + "$", re.IGNORECASE)


def test_the_wordpress_plugin_maps_each_embed_page_to_its_oembed_file(built: Path) -> None:
    site, pattern = wordpress_pattern()
    php = WORDPRESS.read_text()
    assert "wp_oembed_add_provider( plakoto_pattern()" in php
    assert "return $match[1] . 'oembed-' . plakoto_width(" in php
    pages = sorted(p.parent.relative_to(built).as_posix() for p in built.glob("*/embed/*/index.html")
                   if p.parent.name != "view")  # the link viewer is no diagram's embed
    assert len(pages) == 108  # 27 diagrams in 4 languages (the README's build summary)
    for folder in pages:
        for address in (f"{site}{folder}/", f"{site}{folder}/index.html", f"{site}{folder}/?step=1",
                        f"{site}{folder}/index.html?step=pin"):
            match = pattern.match(address)
            assert match, address
            for width in WIDTHS:
                assert (built / match[1].removeprefix(site) / f"oembed-{width}.json").is_file(), address
    step = pattern.match(f"{site}en/embed/pin-sequence/?step=pin")
    assert step and step[2] == "pin"
    for other in (f"{site}en/pinning/", f"{site}en/embed/", "https://elsewhere.example/en/embed/pin-sequence/",
                  f"{site}en/embed/pin-sequence/0.svg"):
        assert not pattern.match(other), other


WORDPRESS_STUBS = """<?php
define('ABSPATH', '/');
$filters = array();
function add_action($name, $f) {}
function add_filter($name, $f, $p = 10, $n = 1) { global $filters; $filters[$name] = $f; }
function wp_oembed_add_provider($format, $provider, $regex = false) {}
require $argv[1];
$args = json_decode($argv[3], true);
echo $filters['oembed_fetch_url']('https://wordpress.example/oembed', $argv[2], $args);
"""


@pytest.mark.parametrize(("args", "width"), [
    ({}, 800),                               # no limits: the widest
    ({"width": 640}, 640),
    ({"width": 600, "height": 1000}, 560),
    ({"width": 800, "height": 450}, 400),    # 560 would be 579 high, 400 is 440
    ({"width": 200}, 320),                   # nothing fits: the narrowest
])
def test_the_wordpress_plugin_asks_for_the_answer_that_fits(built: Path, tmp_path: Path, php: str,
                                                             args: dict[str, Any], width: int) -> None:
    site, _ = wordpress_pattern()
    stubs = tmp_path / "run.php"
    stubs.write_text(WORDPRESS_STUBS)
    done = subprocess.run([php, str(stubs), str(WORDPRESS), f"{site}el/embed/mother-lost/?step=1", json.dumps(args)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{site}el/embed/mother-lost/oembed-{width}.json"
    answer = json.loads((built / f"el/embed/mother-lost/oembed-{width}.json").read_text())
    assert answer["width"] == width
    assert answer["height"] == best_height(width)
    assert (args.get("height") is None or answer["height"] <= args["height"]) or width == 320


WORDPRESS_THEMES = """<?php
define('ABSPATH', '/');
$filters = array();
function add_action($name, $f) {}
function add_filter($name, $f, $p = 10, $n = 1) { global $filters; $filters[$name] = $f; }
function apply_filters($name, $value, ...$more) {
    global $filters;
    return isset($filters[$name]) ? $filters[$name]($value, ...$more) : $value;
}
function wp_oembed_add_provider($format, $provider, $regex = false) {}
function wp_parse_args($args, $defaults) { return array_merge($defaults, $args); }
$theme = json_decode($argv[3], true);
// The theme: whether it has a theme.json, its settings (WordPress's merged theme.json), $content_width.
function wp_theme_has_theme_json() { global $theme; return $theme['theme_json']; }
function wp_get_global_settings($path = array()) {
    // As WordPress's: a path that is missing gives back every setting.
    global $theme;
    $all = $theme['settings'];
    $value = $all;
    foreach ($path as $key) {
        if (!is_array($value) || !array_key_exists($key, $value)) {
            return $all;
        }
        $value = $value[$key];
    }
    return $value;
}
if (isset($theme['content_width'])) {
    $content_width = $theme['content_width'];
}
// WordPress 6.1's wp_embed_defaults, and how WP_Embed::shortcode puts the post's sizes over it.
function wp_embed_defaults($url = '') {
    if (!empty($GLOBALS['content_width'])) {
        $width = (int) $GLOBALS['content_width'];
    }
    if (empty($width)) {
        $width = 500;
    }
    $height = min(ceil($width * 1.5), 1000);
    return apply_filters('embed_defaults', compact('width', 'height'), $url);
}
require $argv[1];
$args = wp_parse_args(json_decode($argv[4], true), wp_embed_defaults($argv[2]));
echo $filters['oembed_fetch_url']('https://wordpress.example/oembed', $argv[2], $args);
"""


def block_theme(content_size: str | None) -> dict[str, Any]:
    layout = {} if content_size is None else {"contentSize": content_size, "wideSize": "1200px"}
    return {"theme_json": True, "settings": {"layout": layout, "color": {"text": True}}}


@pytest.mark.parametrize(("theme", "written", "width"), [
    # Twenty Twenty-Three: a 650-pixel column, no $content_width. 640 fits, 800 does not.
    (block_theme("650px"), {}, 640),
    (block_theme("1000px"), {}, 800),
    (block_theme("600px"), {}, 560),
    # Sizes only the reader's browser can turn into pixels: WordPress's 500, as before.
    (block_theme("min(650px, 90vw)"), {}, 480),
    (block_theme("40rem"), {}, 480),
    (block_theme(None), {}, 480),
    # A width written in the post wins over the theme's.
    (block_theme("650px"), {"width": 400}, 400),
    # Classic themes, without theme.json: $content_width, else 500, whatever the settings say.
    ({"theme_json": False, "settings": {"layout": {"contentSize": "650px"}}}, {}, 480),
    ({"theme_json": False, "settings": {}, "content_width": 580}, {}, 560),
])
def test_the_wordpress_plugin_fits_a_block_themes_column(built: Path, tmp_path: Path, php: str, theme: dict[str, Any], written: dict[str, Any],
                                                          width: int) -> None:
    site, _ = wordpress_pattern()
    stubs = tmp_path / "run.php"
    stubs.write_text(WORDPRESS_THEMES)
    url = f"{site}en/embed/pin-sequence/"
    done = subprocess.run([php, str(stubs), str(WORDPRESS), url, json.dumps(theme), json.dumps(written)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{url}oembed-{width}.json"
    assert (built / f"en/embed/pin-sequence/oembed-{width}.json").is_file()


def test_the_wordpress_plugin_leaves_other_addresses_sizes_alone(tmp_path: Path, php: str) -> None:
    stubs = tmp_path / "run.php"
    stubs.write_text(WORDPRESS_THEMES.replace(
        "echo $filters['oembed_fetch_url']('https://wordpress.example/oembed', $argv[2], $args);",
        "echo json_encode($args);"))
    done = subprocess.run([php, str(stubs), str(WORDPRESS), "https://video.example/watch?v=1",
                           json.dumps(block_theme("650px")), "{}"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"width": 500, "height": 750}


def best_height(width: int) -> int:
    """By hand from the layout: the board (width - 24) * 526 / 604, and 112 pixels."""
    return {320: 370, 400: 440, 480: 510, 560: 579, 640: 649, 800: 788}[width]


WORDPRESS_SAFE_FETCH = """<?php
define('ABSPATH', '/');
$filters = array();
function add_action($name, $f) {}
function add_filter($name, $f, $p = 10, $n = 1) { global $filters; $filters[$name] = $f; }
function wp_parse_url($url, $part = -1) { return parse_url($url, $part); }
require $argv[1];
foreach (array_slice($argv, 2) as $url) {
    $host = parse_url($url, PHP_URL_HOST);
    echo $url, ' ', $filters['http_request_host_is_external'](false, $host, $url) ? 'external' : 'local', ' ',
        implode(',', $filters['http_allowed_safe_ports'](array(80, 443, 8080), $host, $url)), "\\n";
}
"""


def test_the_wordpress_plugin_lets_wordpress_fetch_from_the_tutorial_only(tmp_path: Path, php: str) -> None:
    # WordPress refuses to fetch from local addresses and unusual ports (wp_safe_remote_get):
    # a tutorial served on the author's machine is let through, no other address.
    plugin = tmp_path / "plakoto-oembed.php"
    plugin.write_text(WORDPRESS.read_text().replace("'https://plakoto.example/'", "'http://127.0.0.1:8092/'"))
    stubs = tmp_path / "run.php"
    stubs.write_text(WORDPRESS_SAFE_FETCH)
    urls = ["http://127.0.0.1:8092/en/embed/pin-sequence/oembed-640.json?format=json",
            "http://127.0.0.1:8093/en/embed/pin-sequence/oembed-640.json",
            "http://127.0.0.1:8092.evil.example/x", "http://10.0.0.1/"]
    done = subprocess.run([php, str(stubs), str(plugin), *urls], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"{urls[0]} external 80,443,8080,8092",
        f"{urls[1]} local 80,443,8080",
        f"{urls[2]} local 80,443,8080",
        f"{urls[3]} local 80,443,8080",
    ]
