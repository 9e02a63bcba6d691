// @ts-check
"use strict";
// The figures a plugin (MkDocs, markdown-it) writes into someone else's page take the page's
// light or dark scheme (plakoto-scheme.js), and keep following it when the reader toggles it.
PlakotoScheme.follow("figure.diagram[data-plakoto-diagram]");
