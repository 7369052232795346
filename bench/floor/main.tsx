// The floor of the front-end figures: React, react-dom and react-router (the portal's router package) and nothing
// else, built the same way as the portal (vite, @vitejs/plugin-react, production mode). It renders a sign-in page's
// content (heading, lead, two fields, a button), so its largest paint is the same kind of element as /login's.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';

function SignIn() {
  return (
    <main>
      <h1>Sign In</h1>
      <p>Welcome back. Sign in to continue.</p>
      <form onSubmit={(event) => event.preventDefault()}>
        <label>
          Email or user name <input name="identifier" autoComplete="username" />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" />
        </label>
        <button type="submit">Login</button>
      </form>
      <Link to="/forgot-password">Forgot password?</Link>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <SignIn /> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
