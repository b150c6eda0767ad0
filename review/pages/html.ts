// Escaped HTML for the desk's server-rendered pages: `html` is a template tag whose interpolations are escaped unless
// they are already Html (a nested template, or an array of them), and `page` wraps a body in the one layout (its
// only scripts are files the desk serves itself, as its Content-Security-Policy demands).
export class Html {
  constructor(readonly text: string) {}
  toString() { return this.text; }
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]);

const part = (v: unknown): string => {
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(part).join('');
  if (v === null || v === undefined || v === false) return '';
  return esc(v);
};

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new Html(out);
}

export interface PageUser { reviewer: string; csrf: string }

/** A whole page: the layout, the header with the reviewer and logout, and the body. */
export function page(title: string, body: Html, user: PageUser | null): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false,"selfRequestsOnly":true}'>
<title>${title} · Reviewers' desk</title>
<link rel="stylesheet" href="/assets/desk.css">
<script src="/assets/htmx.min.js" defer></script>
<script src="/assets/desk.js" defer></script>
</head>
<body>
<header class="top">
  <a href="/" class="brand">Reviewers' desk</a>
  ${user ? html`<span class="who">Signed in as <strong>${user.reviewer}</strong></span>
  <form method="post" action="/logout" class="inline"><input type="hidden" name="csrf" value="${user.csrf}"><button type="submit">Sign out</button></form>` : ''}
</header>
<main id="main">
${body}
</main>
</body>
</html>
`.text;
}
