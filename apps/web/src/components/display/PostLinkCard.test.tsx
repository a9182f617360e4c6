import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostLinkCard } from './PostLinkCard';
import { renderWidget } from '../../test/render-widget';

describe('PostLinkCard', () => {
  it.each([
    ['TikTok', 'https://www.tiktok.com/@creator/video/7234567890123456789', 'tabler-icon-brand-tiktok'],
    ['YouTube', 'https://youtu.be/dQw4w9WgXcQ', 'tabler-icon-brand-youtube'],
    ['Instagram', 'https://www.instagram.com/p/C1a2b3c4d5E/', 'tabler-icon-brand-instagram'],
    [
      'Snapchat',
      'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYYW',
      'tabler-icon-brand-snapchat',
    ],
    ['another site', 'https://example.com/blog/post', 'tabler-icon-link'],
    ['a profile, not a post', 'https://www.tiktok.com/@creator', 'tabler-icon-link'],
  ])('shows the %s icon', (_platform, url, iconClass) => {
    const { container } = renderWidget(<PostLinkCard url={url} />);
    expect(container.querySelector(`.${iconClass}`)).not.toBeNull();
    expect(container.querySelectorAll('[class*="tabler-icon-brand-"], .tabler-icon-link')).toHaveLength(1);
  });

  /** The summary line that reads `text`, its parts wrapping apart as they may. */
  const summaryReading = (text: string) =>
    screen.getByText(
      (_content, element) => element?.tagName === 'P' && element.textContent?.replace(/\s+/g, ' ') === text,
    );

  it('keeps the dot with the account, so that a narrow card breaks the summary between account and post', () => {
    renderWidget(<PostLinkCard url="https://www.tiktok.com/@casey_morgan/video/7234567890123456789" />);
    const parts = [...summaryReading('@casey_morgan · post 7234567890123456789').querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual([
      '@casey_morgan\u00a0·',
      'post 7234567890123456789',
    ]);
  });

  it('tells two posts of one account apart by the account and the post’s own id, the whole link on hover', () => {
    const first = 'https://www.tiktok.com/@casey_morgan/video/7234567890123456789?is_from_webapp=1';
    renderWidget(
      <>
        <PostLinkCard url={first} />
        <PostLinkCard url="https://www.tiktok.com/@casey_morgan/video/7234567890123456790" />
        <PostLinkCard url="https://youtu.be/dQw4w9WgXcQ" />
        <PostLinkCard url="https://example.com/blog/post" />
      </>,
    );
    expect(summaryReading('@casey_morgan · post 7234567890123456789')).toHaveAttribute('title', first);
    expect(summaryReading('@casey_morgan · post 7234567890123456790')).toBeInTheDocument();
    expect(summaryReading('post dQw4w9WgXcQ')).toBeInTheDocument();
    expect(screen.getByText('https://example.com/blog/post')).toBeInTheDocument();
  });

  it('opens the post in a new tab without giving it this page', () => {
    renderWidget(<PostLinkCard url="https://www.instagram.com/reel/C1a2b3c4d5E/?igsh=abc" />);
    const link = screen.getByRole('link', { name: 'View Post' });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/reel/C1a2b3c4d5E');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
  });

  it('links other web addresses as they are, adding https when the scheme is missing', () => {
    renderWidget(<PostLinkCard url="example.com/blog/post" />);
    expect(screen.getByRole('link', { name: 'View Post' })).toHaveAttribute(
      'href',
      'https://example.com/blog/post',
    );
  });

  it('does not link text that is not a web address', () => {
    renderWidget(<PostLinkCard url="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Not a valid link')).toBeInTheDocument();
  });
});
