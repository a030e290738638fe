// A loading hint that appears only when an answer is slow: a fast one never flashes it.

/** After this long without an answer, a page says it is waiting. */
export const LOADING_HINT_MS = 300

/** Shows `message` in `status` (a live region) once `ms` pass; call the returned function when the answer came. */
export function loadingHint(status: HTMLElement, message = 'Loading…', ms = LOADING_HINT_MS): () => void {
  const timer = setTimeout(() => {
    status.classList.remove('error')
    status.textContent = message
    status.setAttribute('aria-busy', 'true')
  }, ms)
  return () => {
    clearTimeout(timer)
    status.removeAttribute('aria-busy')
  }
}
