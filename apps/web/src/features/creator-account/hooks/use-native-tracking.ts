import type { CreatorInfo, TrackingPermissions } from '@platform/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { isInNativeApp, nativeTrackingPermissions } from '../../../lib/native-bridge';
import { useUpdateTracking } from '../api/tracking';

const sameChoice = (a: TrackingPermissions | null, b: TrackingPermissions) =>
  a !== null && a.mode === b.mode && [...a.allowed].sort().join() === [...b.allowed].sort().join();

/**
 * Inside the mobile app, the app's own consent decides: its choice is read (2 seconds at most) and kept on
 * the server. Outside the app, or when the app does not answer, the web consent screen asks instead.
 * Answers whether the web screen is needed: null while the app is being asked.
 */
export function useNeedsWebConsent(info: CreatorInfo | undefined): boolean | null {
  const [askedApp, setAskedApp] = useState<'no' | 'asking' | 'answered' | 'silent'>(() =>
    isInNativeApp() ? 'asking' : 'no',
  );
  const creatorId = info?.id;
  const updateTracking = useUpdateTracking();

  // Kept through the mutation, so that the cached account (and the account page's settings) shows it too.
  // The saved choice is read when the app answers: a fresh copy of the account is no reason to ask again.
  const keepAppChoice = useEffectEvent(async (fromApp: TrackingPermissions) => {
    if (sameChoice(info?.trackingPermissions ?? null, fromApp)) return;
    await updateTracking.mutateAsync(fromApp).catch(() => undefined);
  });

  useEffect(() => {
    if (askedApp !== 'asking' || !creatorId) return;
    let current = true;
    void nativeTrackingPermissions().then(async (fromApp) => {
      if (!current) return;
      if (!fromApp) {
        setAskedApp('silent');
        return;
      }
      await keepAppChoice(fromApp);
      if (current) setAskedApp('answered');
    });
    return () => {
      current = false;
    };
  }, [askedApp, creatorId]);

  if (!info) return null;
  if (askedApp === 'asking') return null;
  if (askedApp === 'answered') return false;
  return info.trackingPermissions === null;
}
