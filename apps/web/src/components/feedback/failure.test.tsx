import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failureText, LoadFailure } from './failure';
import { AUTH_MESSAGES } from '@platform/shared';
import { ApiError } from '../../lib/api-client';
import { renderWidget } from '../../test/render-widget';

describe('LoadFailure', () => {
  it('says what failed and retries on request', async () => {
    const onRetry = vi.fn();
    const { user } = renderWidget(<LoadFailure title="We could not load the teams" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the teams');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows what to do under the title, and the spinner while retrying', () => {
    renderWidget(
      <LoadFailure
        title="We could not load the audit log"
        message="Check your connection and try again."
        onRetry={vi.fn()}
        retrying
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('data-loading', 'true');
  });
});

describe('failureText', () => {
  const refusal = (status: number) => new ApiError({ status, code: 'X', message: 'This name is taken.' });

  it('gives the server’s own words for a refusal it explains', () => {
    expect(failureText(refusal(409))).toBe('This name is taken.');
    expect(failureText(refusal(400))).toBe('This name is taken.');
  });

  it('gives the generic message for a server failure, no answer, or anything else', () => {
    expect(failureText(refusal(500))).toBe(AUTH_MESSAGES.unknownError);
    expect(failureText(refusal(0))).toBe(AUTH_MESSAGES.unknownError);
    expect(failureText(new Error('boom'))).toBe(AUTH_MESSAGES.unknownError);
  });
});
