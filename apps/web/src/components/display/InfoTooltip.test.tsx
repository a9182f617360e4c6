import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoTooltip } from './InfoTooltip';
import { renderWidget } from '../../test/render-widget';

describe('InfoTooltip', () => {
  it('shows its explanation when the icon button gets keyboard focus, and hides it on Escape', async () => {
    const { user } = renderWidget(
      <InfoTooltip label="About reward types">Sprints reward each milestone.</InfoTooltip>,
    );
    const button = screen.getByRole('button', { name: 'About reward types' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sprints reward each milestone.');
    expect(button).toHaveAccessibleDescription('Sprints reward each milestone.');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
