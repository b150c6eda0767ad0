// The desk's keyboard shortcuts: a key press outside a text field follows the link or presses the button marked
// with data-shortcut="<key>" (c confirm, r reject, s skip, u undo, n next, p previous). No inline script anywhere:
// the Content-Security-Policy allows only this file and htmx, both served by the desk.
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) {
    if (event.key === 'Escape') target.blur(); // leave the note field to use the keys again
    return;
  }
  const selector = `[data-shortcut="${CSS.escape(event.key)}"]`;
  if (!document.querySelector(selector)) return;
  event.preventDefault();
  // a decision in flight: a second press would send it twice
  if (document.querySelector('.htmx-request')) return;
  // htmx wires a swapped-in panel's forms only when it settles: a key pressed before then waits for that, or its
  // button would post as a plain form (a page load) instead of swapping the panel
  if (document.querySelector('.htmx-settling')) {
    document.addEventListener('htmx:afterSettle', () => press(selector), { once: true });
  } else {
    press(selector);
  }
});

function press(selector) {
  const el = document.querySelector(selector);
  if (el && !el.disabled) el.click();
}
// after htmx swaps the decision panel, focus it so a screen reader and the keyboard carry on from there
document.addEventListener('htmx:afterSwap', (event) => {
  const panel = document.getElementById('decision');
  if (panel && event.detail.target === panel) panel.setAttribute('tabindex', '-1');
  document.getElementById('decision')?.focus?.();
});
