import { describe, expect, it } from 'vitest';
import { followRouteTitle, routeTitle } from './route-title.ts';

describe('route titles', () => {
  it('names each screen from the navigation definitions', () => {
    expect(routeTitle('/dashboard/transaction-va')).toBe('Transaction VA · Tagih');
    expect(routeTitle('/dashboard/transaction-va/42')).toBe('Transaction VA · Tagih');
    expect(routeTitle('/dashboard/company-group-management')).toBe(
      'Company Group Management · Tagih',
    );
    expect(routeTitle('/login')).toBe('Login · Tagih');
    expect(routeTitle('/selectcompany')).toBe('Select Company · Tagih');
    expect(routeTitle('/elsewhere')).toBe('Tagih');
  });

  it('follows the router as it navigates', () => {
    let listener: (state: { location: { pathname: string } }) => void = () => {};
    const stop = followRouteTitle({
      state: { location: { pathname: '/dashboard/home' } },
      subscribe: (l) => {
        listener = l;
        return () => {};
      },
    });
    expect(document.title).toBe('Home · Tagih');
    listener({ location: { pathname: '/dashboard/audit-log' } });
    expect(document.title).toBe('Audit Log · Tagih');
    stop();
  });
});
