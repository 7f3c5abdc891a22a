import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore, useStoreValue } from './store';

describe('useStoreValue (decision 043)', () => {
  it('renders again only when the value it reads changes, not on every change of the store', () => {
    const store = createStore({ signedIn: false, userName: '' });
    let renders = 0;
    function Probe() {
      renders += 1;
      const signedIn = useStoreValue(store, (state) => state.signedIn);
      return <output data-testid="value">{String(signedIn)}</output>;
    }
    render(<Probe />);
    const before = renders;
    act(() => store.setState({ userName: 'ada' }));
    expect(renders).toBe(before);
    act(() => store.setState({ signedIn: true }));
    expect(renders).toBe(before + 1);
    expect(screen.getByTestId('value')).toHaveTextContent('true');
  });
});
