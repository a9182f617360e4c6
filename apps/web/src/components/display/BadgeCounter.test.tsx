import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BadgeCounter } from './BadgeCounter';
import { renderWidget } from '../../test/render-widget';

describe('BadgeCounter', () => {
  it('shows 99+ above 99, labelled for screen readers', () => {
    renderWidget(<BadgeCounter count={100} />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '99+ unread' })).toBeInTheDocument();
  });

  it('shows the number itself up to 99', () => {
    renderWidget(<BadgeCounter count={99} />);
    expect(screen.getByText('99')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '99 unread' })).toBeInTheDocument();
    expect(screen.queryByText('99+')).not.toBeInTheDocument();
  });

  it('shows nothing at 0', () => {
    renderWidget(<BadgeCounter count={0} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('sits on the element it counts for, with a label of its own', () => {
    renderWidget(
      <BadgeCounter count={120} label={(shown) => `${shown} new messages`}>
        <button type="button">Inbox</button>
      </BadgeCounter>,
    );
    expect(screen.getByRole('button', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '99+ new messages' })).toBeInTheDocument();
  });

  it('leaves the element alone at 0', () => {
    renderWidget(
      <BadgeCounter count={0}>
        <button type="button">Inbox</button>
      </BadgeCounter>,
    );
    expect(screen.getByRole('button', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
