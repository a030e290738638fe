// Copy to the clipboard, also where the async Clipboard API is missing (plain HTTP on another host).

/** Copies `text`; resolves true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard !== undefined) {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Denied (no user gesture, or a policy): try the older way.
    }
  }
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  focused?.focus() // selecting the text moved the focus; keyboard users keep their place
  return copied
}

/** A "Copy …" button: copies `text()` and says so in `announcer` (a live region) and on the button. */
export function copyButton(label: string, accessibleName: string, text: () => string, announcer: HTMLElement): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'copy'
  button.textContent = label
  button.setAttribute('aria-label', accessibleName)
  button.addEventListener('click', async () => {
    const value = text()
    const copied = await copyText(value)
    announcer.textContent = copied ? `Copied: ${value}` : `Could not copy; select it by hand: ${value}`
    button.textContent = copied ? 'Copied' : 'Failed'
    button.dataset.copied = String(copied)
    setTimeout(() => (button.textContent = label), 1500)
  })
  return button
}
