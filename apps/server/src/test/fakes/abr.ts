import { startFakeHttpServer, type FakeHandler, type FakeReply } from '../fake-http-server';

/** An entry on the register, in the fields the ABR's JSON AbnDetails service returns. */
export type AbrRegisteredAbn = {
  abn: string;
  status: 'Active' | 'Cancelled';
  statusEffectiveFrom: string;
  entityName: string;
  entityTypeCode?: string;
  entityTypeName?: string;
  businessNames?: string[];
  postcode?: string;
  state?: string;
  gst?: string | null;
};

export type FakeAbrOptions = {
  guid: string;
  register: AbrRegisteredAbn[];
  /**
   * What the ABR says of a well-formed ABN it does not hold. The ABR documents only that a message
   * comes with an empty Abn, not its wording, so a test may vary it.
   */
  notOnRegisterMessage?: string;
};

export const ABR_MESSAGES = {
  notValid: 'Search text is not a valid ABN or ACN',
  guidNotRecognised: 'The GUID entered is not recognised as a Registered Party',
} as const;

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The register's own checksum, written out again so that the fake does not lean on the code under test. */
function passesAbnChecksum(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const digits = [...abn].map(Number);
  digits[0] = (digits[0] ?? 0) - 1;
  return digits.reduce((sum, digit, index) => sum + digit * (ABN_WEIGHTS[index] ?? 0), 0) % 89 === 0;
}

const emptyRecord = (message: string) => ({
  Abn: '',
  AbnStatus: '',
  AbnStatusEffectiveFrom: '',
  Acn: '',
  AddressDate: null,
  AddressPostcode: '',
  AddressState: '',
  BusinessName: [],
  EntityName: '',
  EntityTypeCode: '',
  EntityTypeName: '',
  Gst: null,
  Message: message,
});

function recordFor(entry: AbrRegisteredAbn) {
  return {
    Abn: entry.abn,
    AbnStatus: entry.status,
    AbnStatusEffectiveFrom: entry.statusEffectiveFrom,
    Acn: entry.abn.slice(2),
    AddressDate: '2020-01-01',
    AddressPostcode: entry.postcode ?? '2600',
    AddressState: entry.state ?? 'ACT',
    BusinessName: entry.businessNames ?? [],
    EntityName: entry.entityName,
    EntityTypeCode: entry.entityTypeCode ?? 'PRV',
    EntityTypeName: entry.entityTypeName ?? 'Australian Private Company',
    Gst: entry.gst ?? null,
    Message: '',
  };
}

/** The body the ABR sends: the record wrapped in the requested callback, as JavaScript. */
export function abrJsonp(record: unknown, callback = 'callback'): FakeReply {
  return {
    status: 200,
    body: `${callback}(${JSON.stringify(record)})`,
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
  };
}

/** The ABR's ABN Lookup JSON service (AbnDetails.aspx) on 127.0.0.1, answering JSONP as the ABR does. */
export async function startFakeAbr(options: FakeAbrOptions) {
  const documented: FakeHandler = (request) => {
    const url = new URL(request.url, 'http://fake-abr');
    if (request.method !== 'GET' || url.pathname !== '/json/AbnDetails.aspx') {
      return { status: 404, body: '<html><body>The resource cannot be found.</body></html>' };
    }
    const callback = url.searchParams.get('callback') ?? 'callback';
    if (url.searchParams.get('guid') !== options.guid) {
      return abrJsonp(emptyRecord(ABR_MESSAGES.guidNotRecognised), callback);
    }
    const abn = url.searchParams.get('abn') ?? '';
    if (!passesAbnChecksum(abn)) return abrJsonp(emptyRecord(ABR_MESSAGES.notValid), callback);
    const entry = options.register.find((candidate) => candidate.abn === abn);
    if (!entry) return abrJsonp(emptyRecord(options.notOnRegisterMessage ?? 'No record found'), callback);
    return abrJsonp(recordFor(entry), callback);
  };

  const server = await startFakeHttpServer(documented);
  return {
    url: server.url,
    requests: server.requests,
    /** The ABR's documented behaviour, for a test's own handler to fall back on. */
    documented,
    respondWith: (handler: FakeHandler) => server.respondWith(handler),
    close: () => server.close(),
  };
}
export type FakeAbr = Awaited<ReturnType<typeof startFakeAbr>>;
