import { CREATOR_PLATFORMS, FILE_UPLOAD_MESSAGES, PLATFORM_LABELS } from '@platform/shared';
import { useState } from 'react';
import { type UploadFile, type UploadedFile } from '../../../components/inputs/FileUploadField';
import {
  fromPartyItems,
  type SearchItems,
  type SearchableItem,
} from '../../../components/inputs/searchable-items';

// Everything here runs without a server: searches answer after a short wait, so the progress bar shows.
export const FAKE_SEARCH_DELAY_MS = 400;
export const FAKE_UPLOAD_STEP_MS = 200;
export const FAKE_UPLOAD_STEP_PERCENT = 10;

export const GENRES: SearchableItem[] = [
  { id: 'genre-pop', name: 'Pop' },
  { id: 'genre-hip-hop', name: 'Hip hop', infoContent: 'Includes rap and trap' },
  { id: 'genre-rock', name: 'Rock' },
  { id: 'genre-electronic', name: 'Electronic', infoContent: 'House, techno and drum and bass' },
  { id: 'genre-jazz', name: 'Jazz' },
  { id: 'genre-country', name: 'Country' },
  { id: 'genre-rnb', name: 'R&B' },
  { id: 'genre-classical', name: 'Classical' },
  { id: 'genre-k-pop', name: 'K-pop' },
  { id: 'genre-latin', name: 'Latin' },
  { id: 'genre-indie', name: 'Indie' },
  { id: 'genre-afrobeats', name: 'Afrobeats' },
];

// Agencies come from the lookup as party items (SPEC §3).
export const AGENCIES: SearchableItem[] = fromPartyItems([
  { partyId: 'agency-northstar', name: 'Northstar Talent' },
  { partyId: 'agency-blue-wave', name: 'Blue Wave Media' },
  { partyId: 'agency-crest', name: 'Crest Creators' },
  { partyId: 'agency-lumen', name: 'Lumen Collective' },
  { partyId: 'agency-harbour', name: 'Harbour Street Management' },
  { partyId: 'agency-signal', name: 'Signal & Co' },
  { partyId: 'agency-atlas', name: 'Atlas Influence' },
]).map((agency) => ({ ...agency, label: 'Agency' }));

export function waitOrAbort(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export const matching = (items: readonly SearchableItem[], query: string) =>
  items.filter((item) => item.name.toLowerCase().includes(query.trim().toLowerCase()));

export function fakeSearch(items: readonly SearchableItem[]): SearchItems {
  return async (query, signal) => {
    await waitOrAbort(FAKE_SEARCH_DELAY_MS, signal);
    return matching(items, query);
  };
}

export const searchGenres = fakeSearch(GENRES);
export const searchAgencies = fakeSearch(AGENCIES);
export const searchForever: SearchItems = (_query, signal) =>
  new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));

/** An in-memory list that entries can be added to, renamed in and deleted from. */
export function useFakeDirectory(initial: readonly SearchableItem[]) {
  const [directory] = useState(() => {
    let entries = [...initial];
    let nextId = 1;
    return {
      search: (async (query, signal) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS, signal);
        return matching(entries, query);
      }) satisfies SearchItems,
      onAdd: async (name: string) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        const added = { id: `new-${nextId++}`, name };
        entries = [...entries, added];
        return added;
      },
      onEdit: async (item: SearchableItem, newName: string) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        const renamed = { ...item, name: newName };
        entries = entries.map((entry) => (entry.id === item.id ? renamed : entry));
        return renamed;
      },
      onDelete: async (item: SearchableItem) => {
        await waitOrAbort(FAKE_SEARCH_DELAY_MS);
        entries = entries.filter((entry) => entry.id !== item.id);
      },
    };
  });
  return directory;
}

/** Reports progress in steps over about two seconds, then answers like the upload-url call. */
export const fakeUpload: UploadFile = (file, onProgress, signal) =>
  new Promise((resolve, reject) => {
    let percent = 0;
    const timer = window.setInterval(() => {
      percent += FAKE_UPLOAD_STEP_PERCENT;
      onProgress(percent);
      if (percent < 100) return;
      window.clearInterval(timer);
      resolve({
        url: `https://uploads.example.com/${encodeURIComponent(file.name)}`,
        key: `gallery/${file.name}`,
      });
    }, FAKE_UPLOAD_STEP_MS);
    signal.addEventListener('abort', () => {
      window.clearInterval(timer);
      reject(signal.reason as Error);
    });
  });

export const failingUpload: UploadFile = async (_file, onProgress, signal) => {
  onProgress(0);
  await waitOrAbort(FAKE_SEARCH_DELAY_MS * 2, signal);
  throw new Error(FILE_UPLOAD_MESSAGES.uploadUrlFailed);
};

export const PLATFORM_OPTIONS = CREATOR_PLATFORMS.map((platform) => ({
  value: platform,
  label: PLATFORM_LABELS[platform],
}));

export const SAMPLE_UPLOAD: UploadedFile = {
  url: 'https://uploads.example.com/brand-guidelines.pdf',
  key: 'gallery/brand-guidelines.pdf',
  name: 'brand-guidelines.pdf',
  size: 2_457_600,
  type: 'application/pdf',
};
