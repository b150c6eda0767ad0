// The sign-in page. Its form carries a token that must equal the pre-login cookie (HttpOnly, SameSite=Strict), so a
// form posted from another site cannot sign a reviewer in under someone else's name.
import { html, type Html } from './html.ts';

export function loginPage(token: string, message: string | null): Html {
  return html`<h1>Sign in</h1>
${message ? html`<p class="flash refused" role="alert">${message}</p>` : ''}
<form method="post" action="/login" class="login">
  <input type="hidden" name="csrf" value="${token}">
  <label for="name">Reviewer</label> <input id="name" name="name" autocomplete="username" required maxlength="80" autofocus>
  <label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit">Sign in</button>
</form>`;
}
