# A Sphinx site with the furo theme; docs/embed.md's lines replace the marker at the end.
import shutil
from pathlib import Path

project = 'A Sphinx furo site'
html_theme = 'furo'


def setup(app):
    # Debian's furo.css (2022.12.07+dfsg) imports Debian's normalize.css from /javascript/ (a web server
    # alias there): publish it at that path. Unrelated to bloomcalc; tests/sites/sphinx.test.mjs bundles
    # Debian's unbundled furo.js too.
    def publish_normalize(app, exception):
        if exception is None:
            shutil.copytree('/usr/share/javascript/normalize.css', Path(app.outdir) / 'javascript' / 'normalize.css', dirs_exist_ok=True)

    app.connect('build-finished', publish_normalize)


# <!-- conf -->
