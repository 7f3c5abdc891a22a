import { Suspense, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { flagUrl } from './countries';
import { CountryPicker } from './country-picker';

function Picker({
  restricted,
  initial = null,
  errorMessage,
}: {
  restricted?: 'disable' | 'exclude';
  initial?: string | null;
  errorMessage?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Suspense fallback={null}>
      <CountryPicker
        label="Phone country"
        testId="telephone.country"
        value={value}
        onChange={setValue}
        restricted={restricted}
        errorMessage={errorMessage}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </Suspense>
  );
}

describe('CountryPicker', () => {
  it('finds a country by its ISO code and shows each option’s flag', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const box = await screen.findByRole('combobox', { name: 'Phone country' });
    await user.type(box, 'de');
    const germany = await screen.findByRole('option', { name: 'Germany' });
    expect(germany.querySelector('img')).toHaveAttribute('src', flagUrl('DE'));
    await user.click(germany);
    expect(screen.getByTestId('value')).toHaveTextContent('DE');
    expect(box).toHaveValue('Germany');
  });

  it("leaves restricted countries out with restricted='exclude' (the phone country list)", async () => {
    const user = userEvent.setup();
    render(<Picker restricted="exclude" />);
    const box = await screen.findByRole('combobox', { name: 'Phone country' });
    await user.type(box, 'Afgh');
    expect(await screen.findByText('No country matches.')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Afghanistan/ })).toBeNull();
  });

  it('finds countries by their other names (USA, Russia)', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const box = await screen.findByRole('combobox', { name: 'Phone country' });
    await user.type(box, 'USA');
    expect(await screen.findByRole('option', { name: 'United States of America' })).toBeInTheDocument();
  });

  it('shows its message under the field with the test id, linked to the input', async () => {
    render(<Picker errorMessage="This country is not supported." />);
    const box = await screen.findByRole('combobox', { name: 'Phone country' });
    expect(screen.getByTestId('field-error-telephone.country')).toHaveTextContent('This country is not supported.');
    expect(box.getAttribute('aria-describedby')).toContain('field-error-telephone.country');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('telephone.country')).toContainElement(box);
  });
});
