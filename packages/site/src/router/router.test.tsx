import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, navigate, RouteOutlet, RouterProvider, type RouteDefinition, type RouteProps } from './index';

const Tag = ({ params }: RouteProps) => <h1>Tag {params.tag}</h1>;
const routes: RouteDefinition[] = [
  { name: 'home list', path: '/', component: () => <h1>Home</h1> },
  { name: 'tag list', path: '/tag/:tag', component: Tag },
  { name: 'not found', path: '*', component: () => <h1>Not found</h1> },
];

const renderRouter = () =>
  render(
    <RouterProvider routes={routes}>
      <nav>
        <Link href="/tag/cats">Cats</Link>
        <Link href="/tag/dogs" target="_blank">
          Dogs
        </Link>
      </nav>
      <RouteOutlet />
    </RouterProvider>,
  );

describe('router', { timeout: 20_000 }, () => {
  // jsdom has no scrolling; navigate() scrolls to the top of a new page.
  beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('renders the route of the current address', () => {
    window.history.replaceState(null, '', '/tag/memes');
    act(() => navigate('/tag/memes', { replace: true }));
    renderRouter();
    expect(screen.getByRole('heading')).toHaveTextContent('Tag memes');
  });

  it('navigates in-app on a plain click and follows back', async () => {
    act(() => navigate('/', { replace: true }));
    renderRouter();
    expect(screen.getByRole('heading')).toHaveTextContent('Home');
    await userEvent.click(screen.getByRole('link', { name: 'Cats' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Tag cats');
    expect(window.location.pathname).toBe('/tag/cats');
    act(() => navigate('/missing'));
    expect(screen.getByRole('heading')).toHaveTextContent('Not found');
  });

  it('leaves links that open a new tab to the browser', async () => {
    act(() => navigate('/', { replace: true }));
    renderRouter();
    const dogs = screen.getByRole('link', { name: 'Dogs' });
    let prevented: boolean | null = null;
    dogs.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });
    await userEvent.click(dogs);
    expect(prevented).toBe(false);
    expect(screen.getByRole('heading')).toHaveTextContent('Home');
  });
});
