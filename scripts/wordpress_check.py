"""Follow EMBEDDING.md's "In WordPress" on a real WordPress, and check what a reader sees.

Not part of `make test`: it needs root and Debian's packages, and takes about half a minute
(a few more the first time, for apt-get). Run it from the project, after `make site`, on a
machine you may change (it installs packages and writes /etc/wordpress/config-127.0.0.1.php):

    .venv/bin/python scripts/wordpress_check.py [--out /tmp/plakoto-wordpress]

It installs WordPress, MariaDB and Apache from Debian's packages when they are missing,
starts MariaDB and Apache by hand (Apache on 127.0.0.1:8091, its own configuration), builds
the tutorial for http://127.0.0.1:8092/ and serves it there, finishes WordPress's installer,
puts integrations/wordpress/plakoto-oembed.php in place and activates it from the Plugins
page, writes posts in the block editor with Embed blocks, publishes them and opens them in
Chromium at 360 and 1280 pixels: each diagram must show, step, and fit its frame (no scroll
bar, less than 24 pixels of blank under it); with the plugin each frame is 640 pixels wide at
1280 (the widest answer in Twenty Twenty-Three's 650-pixel column), and no frame sticks out
of a 360-pixel screen. Then the same without the plugin (WordPress's
sandboxed frame, sized by its own wp-embed script). Screenshots go to --out.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
WP, SITE = "http://127.0.0.1:8091/", "http://127.0.0.1:8092/"
CONTENT = Path("/var/lib/wordpress/wp-content")
PACKAGES = ["wordpress", "wordpress-theme-twentytwentythree", "mariadb-server", "php-mysql", "apache2",
            "libapache2-mod-php"]
PASSWORD = "plakoto-check-admin"
APACHE = """ServerRoot /etc/apache2
PidFile {run}/httpd.pid
ErrorLog {run}/httpd-error.log
LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so
LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so
LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so
LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so
LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so
LoadModule php_module /usr/lib/apache2/modules/libphp8.2.so
User www-data
Group www-data
Listen 127.0.0.1:8091
ServerName 127.0.0.1
TypesConfig /etc/mime.types
DocumentRoot /usr/share/wordpress
DirectoryIndex index.php index.html
Alias /wp-content /var/lib/wordpress/wp-content
<FilesMatch "\\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
<Directory /usr/share/wordpress>
  Require all granted
</Directory>
<Directory /var/lib/wordpress/wp-content>
  Options FollowSymLinks
  Require all granted
</Directory>
"""
CONFIG = """<?php
define('DB_NAME', 'plakoto_check');
define('DB_USER', 'plakoto_check');
define('DB_PASSWORD', 'plakoto-check');
define('DB_HOST', 'localhost');
define('WP_CONTENT_DIR', '/var/lib/wordpress/wp-content');
"""
# Without the plugin, WordPress fetches nothing from a local address: let it, for this test only.
LOCAL = """<?php
add_filter('http_request_host_is_external', function ($e, $h, $url) { return $e || 0 === strpos($url, 'SITE'); }, 10, 3);
add_filter('http_allowed_safe_ports', function ($ports) { $ports[] = 8092; return $ports; });
""".replace("SITE", SITE)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def run(*command: str) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def set_up(run_dir: Path, site_dir: Path) -> list[subprocess.Popen[bytes]]:
    if not Path("/usr/share/wordpress/wp-settings.php").exists():
        run("apt-get", "update", "-q")
        run("apt-get", "install", "-y", "-q", "--no-install-recommends", *PACKAGES)
    started = []
    if not Path("/run/mysqld/mysqld.sock").exists():
        Path("/run/mysqld").mkdir(exist_ok=True)
        shutil.chown("/run/mysqld", "mysql", "mysql")
        started.append(subprocess.Popen(["/usr/sbin/mariadbd", "--user=mysql", "--skip-networking"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        while not Path("/run/mysqld/mysqld.sock").exists():
            time.sleep(0.2)
        time.sleep(1)
    run("mariadb", "-e", "DROP DATABASE IF EXISTS plakoto_check; CREATE DATABASE plakoto_check;"
        " CREATE USER IF NOT EXISTS 'plakoto_check'@'localhost' IDENTIFIED BY 'plakoto-check';"
        " GRANT ALL ON plakoto_check.* TO 'plakoto_check'@'localhost';")
    Path("/etc/wordpress/config-127.0.0.1.php").write_text(CONFIG)
    (run_dir / "httpd.conf").write_text(APACHE.format(run=run_dir))
    if listening(8091) or listening(8092):
        sys.exit("wordpress_check: the ports 8091 and 8092 must be free")
    # Its own session: Apache, stopping, signals its whole process group.
    started.append(subprocess.Popen(["apache2", "-f", str(run_dir / "httpd.conf"), "-DFOREGROUND"], start_new_session=True))
    # The tutorial, built for the address it is served at (EMBEDDING.md, "Trying it on your own machine").
    run(sys.executable, str(ROOT / "build.py"), "build", "--base-url", SITE, "--out", str(site_dir))
    handler = functools.partial(Quiet, directory=str(site_dir))
    server = ThreadingHTTPServer(("127.0.0.1", 8092), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    while not listening(8091):
        time.sleep(0.2)
    form = urllib.parse.urlencode({"weblog_title": "Plakoto check", "user_name": "admin", "admin_password": PASSWORD,
                                   "admin_password2": PASSWORD, "pw_weak": "1", "admin_email": "admin@example.org",
                                   "blog_public": "0", "language": ""}).encode()
    answer = urllib.request.urlopen(WP + "wp-admin/install.php?step=2", form).read().decode()
    assert "Success!" in answer, answer[:2000]
    plugin = (ROOT / "integrations/wordpress/plakoto-oembed.php").read_text()
    folder = CONTENT / "plugins/plakoto-oembed"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "plakoto-oembed.php").write_text(plugin.replace("'https://plakoto.example/'", f"'{SITE}'"))
    return started


def plugin(page: Page, action: str) -> None:
    page.goto(WP + "wp-admin/plugins.php")
    row = page.locator("#the-list tr", has_text="Plakoto diagrams").first
    row.locator("a", has_text=action).first.click()
    page.wait_for_load_state()


def post(page: Page, title: str, urls: list[str]) -> str:
    """A post written in the block editor: each address given to an Embed block (/embed)."""
    page.goto(WP + "wp-admin/post-new.php")
    page.wait_for_selector(".edit-post-visual-editor", timeout=60000)
    page.evaluate("() => { const s = wp.data.select('core/edit-post');"
                  " if (s.isFeatureActive('welcomeGuide')) wp.data.dispatch('core/edit-post').toggleFeature('welcomeGuide'); }")
    page.locator(".editor-post-title__input, h1.wp-block-post-title").first.click()
    page.keyboard.type(title)
    page.keyboard.press("Enter")
    for index, url in enumerate(urls):
        page.keyboard.type("/embed")
        page.wait_for_selector(".components-autocomplete__result")
        page.keyboard.press("Enter")
        page.locator("input.components-placeholder__input").last.fill(url)
        page.locator("button", has_text="Embed").last.click()
        page.wait_for_selector(f".wp-block-embed >> nth={index} >> iframe", timeout=30000)
        page.evaluate("() => { const b = wp.blocks.createBlock('core/paragraph');"
                      " wp.data.dispatch('core/block-editor').insertBlocks(b);"
                      " wp.data.dispatch('core/block-editor').selectBlock(b.clientId); }")
    page.locator("button.editor-post-publish-panel__toggle").click()
    page.locator(".editor-post-publish-panel__header-publish-button button").click()
    link = page.locator(".post-publish-panel__postpublish-header a").first
    link.wait_for(timeout=30000)
    return link.get_attribute("href") or ""


def check(page: Page, url: str, name: str, out: Path, sandboxed: bool, wide: int | None = None) -> list[str]:
    """Each frame of the post at ``url``; ``wide``: the width every frame must have on a wide screen
    (the widest oEmbed answer that fits the theme's column), and no frame may stick out of a phone's."""
    problems = []
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(url)
        frames = page.locator("iframe[title]")
        for index in range(frames.count()):
            frame = frames.nth(index)
            frame.scroll_into_view_if_needed()
            where = f"{name} at {width}px, diagram {index + 1}"
            if sandboxed and frame.get_attribute("sandbox") != "allow-scripts":
                problems.append(f"{where}: sandbox is {frame.get_attribute('sandbox')!r}")
            inside = frame.element_handle().content_frame()
            assert inside is not None
            inside.wait_for_selector("figure[data-plakoto-diagram]")
            page.wait_for_function("f => !f.hasAttribute('style') || !f.style.clip", arg=frame.element_handle())
            time.sleep(0.5)
            box = frame.evaluate("f => f.clientHeight")  # without the border WordPress leaves
            content, scroll, view = inside.evaluate("() => [document.documentElement.getBoundingClientRect().height,"
                                                    " document.documentElement.scrollHeight, innerHeight]")
            across, right = frame.evaluate("f => [f.clientWidth, f.getBoundingClientRect().right]")
            print(f"{where}: frame {across} x {box} px, content {content:.0f} high")
            if wide is not None and width == 1280 and across != wide:
                problems.append(f"{where}: frame {across} px wide, not {wide}")
            if right > width:
                problems.append(f"{where}: frame sticks out of the page ({right:.0f} px of {width})")
            if scroll > view + 1 or not 0 <= box - content < 24:
                problems.append(f"{where}: frame {box} px high, content {content:.0f}: blank under it, or cut")
            following = inside.locator("button[data-action='next']")
            if following.is_visible() and following.is_enabled():
                before = inside.locator("figure").get_attribute("data-step")
                following.click()
                time.sleep(0.3)
                if inside.locator("figure").get_attribute("data-step") == before:
                    problems.append(f"{where}: the next button does not step")
        page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=True)
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "plakoto-wordpress")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        sys.exit("wordpress_check: run as root (it installs packages and starts MariaDB and Apache)")
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        started = set_up(Path(scratch), Path(scratch) / "site")
        local = CONTENT / "mu-plugins/plakoto-check-local.php"
        problems = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(WP + "wp-login.php")
                page.fill("#user_login", "admin")
                page.fill("#user_pass", PASSWORD)
                page.click("#wp-submit")
                page.wait_for_url("**/wp-admin/**")
                plugin(page, "Activate")
                urls = [SITE + "en/embed/pin-sequence/", SITE + "el/embed/mother-lost/?step=mother-pinned",
                        SITE + "en/embed/start-position/"]
                address = post(page, "With the plugin", urls)
                # Twenty Twenty-Three's column (theme.json, contentSize) is 650 pixels: the 640 answer.
                problems += check(page, address, "plugin", out, sandboxed=False, wide=640)
                plugin(page, "Deactivate")
                local.parent.mkdir(exist_ok=True)
                local.write_text(LOCAL)
                address = post(page, "Without the plugin", [urls[0], SITE + "en/pinning/"])
                problems += check(page, address, "no-plugin", out, sandboxed=True)
                browser.close()
        finally:
            local.unlink(missing_ok=True)
            for process in reversed(started):
                process.terminate()
                process.wait()
    for problem in problems:
        print(problem)
    print(f"{'FAILED' if problems else 'OK'}: {len(problems)} problem(s), screenshots in {out},"
          f" {time.monotonic() - began:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
