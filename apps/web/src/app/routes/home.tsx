import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { showSuccessToast } from '../../components/feedback/toasts';
import { PageHeading } from '../../components/PageHeading';
import { SignOutButton } from '../../features/auth/components/SignOutButton';
import { ProfileDetails } from '../../features/profile/components/ProfileDetails';
import { paths } from '../../lib/paths';

export function Component() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DocumentTitle title="Your account" />
      <PageHeading title="Your account" />
      <ProfileDetails />
      <SignOutButton
        fullWidth
        onSignedOut={() => {
          showSuccessToast('You have signed out.');
          void navigate(paths.signIn, { replace: true });
        }}
      />
    </Stack>
  );
}
