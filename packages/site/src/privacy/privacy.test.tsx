import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createConsentStore } from '../consent/consent-store';
import { readUsPrivacy, trackingAllowed } from '../consent/privacy';
import { routes } from '../routes';
import { matchRoute, RouterProvider, RouteOutlet, syncLocation } from '../router';
import { PrivacyChoices } from './privacy-choices';
import { StatePrivacyPage } from './state-privacy-page';

const at = (path: string) => {
  window.history.replaceState(null, '', path);
  syncLocation();
};

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'usprivacy=; Max-Age=0; path=/';
});

describe('privacy pages', () => {
  it('are real routes: /privacy and the four state pages, not the not-found page', () => {
    for (const path of ['/privacy', '/privacy-california', '/privacy-virginia', '/privacy-connecticut', '/privacy-colorado']) {
      expect(matchRoute(routes, path)?.route.name).toBe('privacy');
    }
  });

  it('/privacy shows the policy, the choices and the regional notices', async () => {
    at('/privacy');
    render(
      <RouterProvider routes={routes}>
        <Suspense>
          <RouteOutlet />
        </Suspense>
      </RouterProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your privacy choices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy notice for Virginia residents' })).toHaveAttribute('href', '/privacy-virginia');
    // The title is set in an effect, which may run after the heading is painted.
    await waitFor(() => expect(document.title).toBe('Guffaw - Privacy Policy'));
  });
});

describe('privacy choices', () => {
  it('shows and changes the measurement answer', async () => {
    const store = createConsentStore();
    render(<PrivacyChoices store={store} />);
    const measure = screen.getByRole('checkbox', { name: 'Allow measurement of what I view and click' });
    expect(measure).not.toBeChecked();
    expect(screen.getByTestId('measurement-state')).toHaveTextContent('Off: you have not answered yet.');
    await userEvent.click(measure);
    expect(measure).toBeChecked();
    expect(trackingAllowed()).toBe(true);
    expect(store.getState().choice).toBe('granted');
    await userEvent.click(measure);
    expect(trackingAllowed()).toBe(false);
    expect(screen.getByTestId('measurement-state')).toHaveTextContent('Off: you refused it.');
  });

  it('opting out of sale and sharing writes 1YY- and turns measurement off until withdrawn', async () => {
    localStorage.setItem('guffaw.trackingConsent', 'granted');
    const store = createConsentStore();
    render(<PrivacyChoices store={store} />);
    expect(screen.getByTestId('usprivacy')).toHaveTextContent('1---');
    const optOut = screen.getByRole('checkbox', { name: 'Do Not Sell or Share My Personal Information' });
    await userEvent.click(optOut);
    expect(readUsPrivacy()).toBe('1YY-');
    expect(screen.getByTestId('usprivacy')).toHaveTextContent('1YY-');
    expect(trackingAllowed()).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Allow measurement of what I view and click' })).toBeDisabled();
    await userEvent.click(optOut);
    expect(readUsPrivacy()).toBe('1YN-');
    const measure = screen.getByRole('checkbox', { name: 'Allow measurement of what I view and click' });
    expect(measure).toBeEnabled();
    expect(measure).not.toBeChecked();
    await userEvent.click(measure);
    expect(trackingAllowed()).toBe(true);
  });
});

describe('state privacy pages', () => {
  it('/privacy-california explains the rights and offers the do-not-sell choice', async () => {
    at('/privacy-california');
    const store = createConsentStore();
    render(
      <RouterProvider routes={[]}>
        <StatePrivacyPage store={store} />
      </RouterProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice for California residents' })).toBeInTheDocument();
    expect(screen.getByText(/California Consumer Privacy Act/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You have not opted out in this browser.');
    await userEvent.click(screen.getByRole('button', { name: 'Opt out of the sale or sharing of my personal information' }));
    expect(readUsPrivacy()).toBe('1YY-');
    expect(trackingAllowed()).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('You have opted out');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my opt-out' }));
    expect(readUsPrivacy()).toBe('1YN-');
    expect(document.title).toBe('Guffaw - Privacy Notice for California Residents');
  });

  it('names the state of its address', () => {
    at('/privacy-connecticut');
    render(
      <RouterProvider routes={[]}>
        <StatePrivacyPage store={createConsentStore()} />
      </RouterProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice for Connecticut residents' })).toBeInTheDocument();
    expect(screen.getByText(/Connecticut Data Privacy Act/)).toBeInTheDocument();
  });
});
