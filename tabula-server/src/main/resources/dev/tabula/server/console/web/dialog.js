// A modal <dialog>: opened with showModal() (the browser traps focus and Escape closes it), focus
// moved to the first field or the element marked autofocus, and onClose called however it closes.
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Dialog({ title, testid, onClose, children, wide }) {
  const ref = useRef(null);
  const titleId = `${testid}-title`;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector('[autofocus]')
      || dialog.querySelector('input:not([readonly]), select, textarea, button');
    if (first) first.focus();
    const closed = () => onClose();
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, []);
  return h('dialog', {
    ref, 'data-testid': testid, 'aria-labelledby': titleId, class: wide ? 'wide' : '',
  },
  h('h2', { id: titleId }, title),
  children);
}
