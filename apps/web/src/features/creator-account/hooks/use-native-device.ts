import { useEffect } from 'react';
import { isInNativeApp, nativeDeviceToken } from '../../../lib/native-bridge';
import { registerDevice } from '../api/register-device';

/** The tokens registered from this tab, so that a page shown again does not register its device again. */
const registered = new Set<string>();

/**
 * Inside the mobile app, the device's push token is asked of the app (2 seconds at most) and registered
 * for the signed-in creator, so that their notifications reach this phone. Outside the app it does nothing.
 */
export function useNativeDeviceRegistration(creatorId: string | undefined): void {
  useEffect(() => {
    if (!creatorId || !isInNativeApp()) return;
    let current = true;
    void nativeDeviceToken().then(async (deviceToken) => {
      const key = `${creatorId}:${deviceToken ?? ''}`;
      if (!current || !deviceToken || registered.has(key)) return;
      registered.add(key);
      // A token the push provider refuses is the app's to renew; the creator has nothing to do about it.
      await registerDevice({ creatorId, deviceToken }).catch(() => registered.delete(key));
    });
    return () => {
      current = false;
    };
  }, [creatorId]);
}
