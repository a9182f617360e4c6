import { randomUUID } from 'node:crypto';
import { access, type OnboardingStatus } from '@platform/shared';
import type { AccessCase, CaseRequest, CaseSetup } from '../../test/access-cases';
import { createCreator, declareTaxRegistration } from '../../test/factories';

/**
 * A fresh creator living in the caller's territory (the world's home territory covers GB) or in the other
 * one (AU), or a made-up id.
 */
async function creatorFor({ context, target }: CaseSetup, status?: OnboardingStatus): Promise<string> {
  if (target === 'missing') return randomUUID();
  const creator = await createCreator(context, {
    country: target === 'in-scope' ? 'GB' : 'AU',
    ...(status ? { status } : {}),
  });
  return creator.id;
}

const readers = access.staff('READ', 'CREATOR', { scoped: true });

const UK_VAT_NUMBER = 'GB980780684';
const AU_ABN = '51824753556';

/** The registration the creator of `setup`'s target declared: UK VAT in the home territory, an ABN in the other. */
const declareTaxNumber = ({ context, target }: CaseSetup, creatorId: string) =>
  declareTaxRegistration(
    context,
    creatorId,
    target === 'in-scope' ? { type: 'VAT', number: UK_VAT_NUMBER } : { type: 'ABN', number: AU_ABN },
  );

/** Details that pass every rule, for a creator living in the United Kingdom. */
const DETAILS = {
  firstName: 'Robin',
  lastName: 'Banks',
  dateOfBirth: '1995-04-12',
  gender: 'Female',
  dialCode: '+44',
  mobile: '7700900123',
  address: { country: 'GB', line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA' },
};

const post =
  (action: string, status?: OnboardingStatus, body?: unknown) =>
  async (setup: CaseSetup): Promise<CaseRequest> => ({
    method: 'POST',
    url: `/server-api/marketing/creators/${await creatorFor(setup, status)}/${action}`,
    ...(body !== undefined ? { body } : {}),
  });

export const creatorsConsoleAccessCases: AccessCase[] = [
  {
    route: 'GET /server-api/marketing/creators',
    expect: readers,
    targetsRecord: false,
    request: async () => ({ method: 'GET', url: '/server-api/marketing/creators' }),
  },
  {
    route: 'GET /server-api/marketing/creators/{id}',
    expect: readers,
    targetsRecord: true,
    request: async (setup) => ({
      method: 'GET',
      url: `/server-api/marketing/creators/${await creatorFor(setup)}`,
    }),
  },
  {
    route: 'POST /server-api/marketing/creators/{id}/notes',
    expect: readers,
    targetsRecord: true,
    request: post('notes', undefined, { body: 'Called about her late payment.' }),
  },
  {
    route: 'POST /server-api/marketing/creators/{id}/remind',
    expect: readers,
    targetsRecord: true,
    request: post('remind', 'KYC_CAPTURE'),
  },
  {
    route: 'PATCH /server-api/marketing/creators/{id}',
    expect: access.staff('EDIT', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => ({
      method: 'PATCH',
      url: `/server-api/marketing/creators/${await creatorFor(setup)}`,
      body: DETAILS,
    }),
  },
  {
    route: 'POST /server-api/marketing/creators/{id}/tax-verification',
    expect: access.staff('REVIEW', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: async (setup) => {
      const id = await creatorFor(setup);
      if (setup.target !== 'missing') await declareTaxNumber(setup, id);
      return {
        method: 'POST',
        url: `/server-api/marketing/creators/${id}/tax-verification`,
        body: {
          outcome: 'VERIFIED',
          number: setup.target === 'in-scope' ? UK_VAT_NUMBER : AU_ABN,
          note: 'HMRC’s online VAT check named the creator’s business',
          reference: 'HMRC consultation 1234-5678',
          checkedOn: '2026-01-05',
        },
      };
    },
  },
  {
    route: 'POST /server-api/marketing/creators/{id}/end-sessions',
    expect: access.staff('REVOKE', 'USER', { scoped: false }),
    targetsRecord: true,
    request: post('end-sessions'),
  },
  {
    route: 'POST /server-api/marketing/creators/{id}/resend-verification',
    expect: access.staff('EDIT', 'CREATOR', { scoped: false }),
    targetsRecord: true,
    request: post('resend-verification'),
  },
];
