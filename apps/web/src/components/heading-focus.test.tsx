import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useStepHeadingFocus } from './heading-focus';
import { useRouteHeadingFocus } from './route-heading-focus';

function Layout() {
  useRouteHeadingFocus();
  return (
    <>
      <nav>
        <Link to="/campaigns">Campaigns</Link>
        <Link to="/campaigns?search=midnight">Search campaigns</Link>
        <Link to="/payments">Payments</Link>
      </nav>
      <Outlet />
    </>
  );
}

function Page({ title, withField = false }: { title: string; withField?: boolean }) {
  return (
    <main>
      <h1>{title}</h1>
      {withField && <input aria-label="Search" autoFocus />}
    </main>
  );
}

/** A page whose heading comes once its data has loaded. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <h1>Payments</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      Finish loading
    </button>
  );
}

function renderRoutes(path = '/', slowPayments = false) {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { index: true, element: <Page title="Home" /> },
          { path: 'campaigns', element: <Page title="Campaigns" /> },
          { path: 'payments', element: slowPayments ? <SlowPage /> : <Page title="Payments" /> },
          { path: 'account', element: <Page title="Your account" withField /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, user: userEvent.setup() };
}

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('focus on a page’s heading after a move', () => {
  it('leaves the focus alone on the first page of a visit', async () => {
    renderRoutes('/campaigns');
    await screen.findByRole('heading', { name: 'Campaigns' });
    expect(document.activeElement).toBe(document.body);
    expect(heading('Campaigns')).not.toHaveAttribute('tabindex');
  });

  it('moves the focus to the new page’s h1 after a link is followed, and Tab goes on from there', async () => {
    const { user } = renderRoutes('/');
    await user.click(screen.getByRole('link', { name: 'Campaigns' }));
    await screen.findByRole('heading', { name: 'Campaigns' });
    await waitFor(() => expect(heading('Campaigns')).toHaveFocus());
    expect(heading('Campaigns')).toHaveAttribute('tabindex', '-1');
  });

  it('moves it again on each move, also back in the history', async () => {
    const { router, user } = renderRoutes('/');
    await user.click(screen.getByRole('link', { name: 'Payments' }));
    await screen.findByRole('heading', { name: 'Payments' });
    await waitFor(() => expect(heading('Payments')).toHaveFocus());
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Home' });
    await waitFor(() => expect(heading('Home')).toHaveFocus());
  });

  it('does not move it when only the query string changes, as a list’s search does', async () => {
    const { user } = renderRoutes('/campaigns');
    const search = screen.getByRole('link', { name: 'Search campaigns' });
    await user.click(search);
    expect(search).toHaveFocus();
  });

  it('waits for a heading that comes after the page’s data', async () => {
    const { user } = renderRoutes('/', true);
    await user.click(screen.getByRole('link', { name: 'Payments' }));
    const finish = await screen.findByRole('button', { name: 'Finish loading' });
    expect(finish).not.toHaveFocus();
    await user.click(finish);
    await screen.findByRole('heading', { name: 'Payments' });
    await waitFor(() => expect(heading('Payments')).toHaveFocus());
  });

  it('leaves the focus in a field the page focused itself', async () => {
    const { router } = renderRoutes('/');
    await act(() => router.navigate('/account'));
    await screen.findByRole('heading', { name: 'Your account' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});

function Steps() {
  const [step, setStep] = useState(1);
  const stepHeading = useStepHeadingFocus<HTMLHeadingElement>(step);
  return (
    <>
      <h1 ref={stepHeading}>Step {step}</h1>
      <button type="button" onClick={() => setStep((current) => current + 1)}>
        Save and continue
      </button>
    </>
  );
}

describe('focus on a step’s heading in a flow of steps', () => {
  it('leaves the focus alone when the flow first shows, then moves it to the heading at each new step', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <Steps />
      </StrictMode>,
    );
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('heading', { name: 'Step 2' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('heading', { name: 'Step 3' })).toHaveFocus();
  });
});
