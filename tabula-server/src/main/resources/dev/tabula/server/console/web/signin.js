// Sign-in, for a console whose admin listener is not on loopback: the admin token is sent once
// (POST api/signin), and the server keeps the session in an HttpOnly cookie the page never sees.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { consoleFetch } from './api.js';

export function SignIn({ onSignedIn }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState(null);

  async function submit(event) {
    event.preventDefault();
    setError(null);
    const response = await consoleFetch('api/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.status === 204) {
      onSignedIn();
    } else {
      setError((await response.text()).trim() || `${response.status}`);
    }
  }

  return h('main', { class: 'signin', 'data-testid': 'signin' },
    h('h1', null, 'Tabula Console'),
    h('p', null, 'This console is reachable from other hosts, so it asks for the admin token the server was started with.'),
    h('form', { onSubmit: submit },
      h('label', { for: 'admin-token' }, 'Admin token'),
      h('div', { class: 'row' },
        h('input', {
          id: 'admin-token', type: 'password', autocomplete: 'current-password', required: true,
          'data-testid': 'admin-token', value: token, onInput: (e) => setToken(e.target.value), autofocus: true,
        }),
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'signin-submit' }, 'Sign in'))),
    error && h('p', { class: 'error', role: 'alert', 'data-testid': 'signin-error' }, error));
}

export async function signOut() {
  await consoleFetch('api/signout', { method: 'POST' });
}
