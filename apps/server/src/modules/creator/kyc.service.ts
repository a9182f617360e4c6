import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CREATOR_MESSAGES,
  ERROR_CODES,
  hasReachedStep,
  invalidFieldsMessage,
  isUuid,
  KYC_FILE_KINDS,
  KYC_FILE_LABELS,
  KYC_FILE_MAX_BYTES,
  KYC_FILE_TYPES,
  KYC_ERROR_CODES,
  KYC_MESSAGES,
  type KycApplicationResponse,
  type KycDecisionBody,
  type KycFileKind,
  type KycReview,
  type KycReviewDetail,
  type KycReviewListQuery,
  type KycReviewListResponse,
  type KycSdkConfig,
  type KycStatus,
  type OnboardingEvent,
} from '@platform/shared';
import { bareMediaType, contentIsOfType, SNIFF_BYTES } from '../../adapters/scanner/asset-content';
import type { FileStorage } from '../../adapters/storage/file-storage';
import {
  KycProviderRejected,
  KycProviderUnavailable,
  type ExternalKycProvider,
} from '../../adapters/kyc/kyc-provider';
import { verifyOnfidoWebhook } from '../../adapters/kyc/onfido-webhook';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { Actor, RequestUser } from '../../principal';
import type { AuditService } from '../audit/audit.service';
import { emailTemplates, type EmailService } from '../email/email.service';
import type { CreatorService, KycSummary } from './creator.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { kycRepository as repository, type KycApplicationRow, type KycReviewRow } from './kyc.repository';

export type KycService = ReturnType<typeof createKycService>;

/** How long an upload URL works: time enough to pick a photo and send it on a slow connection. */
const UPLOAD_URL_SECONDS = 15 * 60;
/** How long a reviewer's view of a file works: the page is reloaded for another look. */
const REVIEW_URL_SECONDS = 5 * 60;
/** How long to ask the client to wait when the provider does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** Statuses in which the creator has nothing in review: a new application starts the next attempt. */
const CLOSED: readonly KycStatus[] = ['Success', 'Failure', 'ReVerify', 'Abandoned'];
/** Statuses waiting for a person at the platform to decide. */
const DECIDABLE: readonly KycStatus[] = ['ManualReview', 'Review', 'Submitted'];
/** The statuses in which a check waits for a person at the platform, not for the provider. */
const WAITING_FOR_REVIEW: readonly KycStatus[] = ['ManualReview', 'Review'];

const SUBMITTED_MESSAGE = 'Thank you. We are checking your identity and will let you know when it is done.';

/** The outcomes a creator is told of by email, as the template words them. */
const EMAILED_OUTCOMES: Partial<Record<KycStatus, 'passed' | 'failed' | 'again'>> = {
  Success: 'passed',
  Failure: 'failed',
  ReVerify: 'again',
};

/** The event the creator's onboarding takes when a check reaches `status`, if any. */
function onboardingEventFor(status: KycStatus): OnboardingEvent | null {
  if (status === 'Success') return 'kycPassed';
  // A check withdrawn before any outcome leaves the creator nothing to wait for: they start again.
  if (status === 'ReVerify' || status === 'Abandoned') return 'kycRetryRequested';
  return null;
}

type ApplicationRef = Pick<KycApplicationRow, 'creatorId' | 'id'>;

/** Where the creator's upload URL writes a file: theirs to replace until they submit. */
const uploadKey = (application: ApplicationRef, kind: KycFileKind) =>
  `kyc/${application.creatorId}/${application.id}/uploads/${kind}`;
/** Where a submitted file waits for Support: no upload URL reaches it. */
const reviewKey = (application: ApplicationRef, kind: KycFileKind) =>
  `kyc/${application.creatorId}/${application.id}/${kind}`;

type FileProblem = { field: KycFileKind; message: string };

/** A 422 naming each file the submission lacks or cannot use ('Please verify the following field(s): ...'). */
const filesRefused = (problems: FileProblem[]) =>
  new AppError(
    422,
    ERROR_CODES.invalidFields,
    invalidFieldsMessage(problems.map((problem) => KYC_FILE_LABELS[problem.field])),
    problems,
  );

const notUploaded = () =>
  filesRefused(KYC_FILE_KINDS.map((kind) => ({ field: kind, message: CREATOR_MESSAGES.kycNotReady })));

const alreadySubmitted = () =>
  new AppError(422, ERROR_CODES.invalidFields, CREATOR_MESSAGES.kycAlreadySubmitted);

const stepNotReached = () => new AppError(409, ERROR_CODES.conflict, CREATOR_MESSAGES.stepNotReached);

const providerUnavailable = (cause: unknown) => {
  const asked = cause instanceof KycProviderUnavailable ? cause.retryAfterSeconds : undefined;
  const retryAfter = asked !== undefined && asked > 0 ? asked : DEFAULT_RETRY_AFTER_SECONDS;
  const error = new AppError(
    503,
    ERROR_CODES.serviceUnavailable,
    KYC_MESSAGES.providerUnavailable,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
  error.cause = cause;
  return error;
};

export function createKycService(dependencies: {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  audit: AuditService;
  creatorService: CreatorService;
  /** Onfido when it is configured; otherwise staff check the documents themselves. */
  external: ExternalKycProvider | null;
  webhookToken: string | undefined;
  publicUrl: string;
  emailService: EmailService;
}) {
  const {
    db,
    clock,
    logger,
    storage,
    audit,
    creatorService,
    external,
    webhookToken,
    publicUrl,
    emailService,
  } = dependencies;
  const provider = external ? 'onfido' : 'built-in';
  let toldWebhookIsOff = false;
  /** Where Support is told of checks waiting for them (the notifications module, built after this one). */
  let staffNotifier: NotificationsService['notifyStaff'] | undefined;

  /**
   * Tells those who review identity checks that one waits for them, in the transaction that put it in
   * their queue (ADR 031).
   */
  async function tellReviewers(tx: Executor, applicationId: string, status: KycStatus): Promise<void> {
    if (!staffNotifier || !WAITING_FOR_REVIEW.includes(status)) return;
    const review = await repository.review(tx, applicationId);
    await staffNotifier(tx, {
      event: 'IDENTITY_CHECK_WAITING',
      work: { action: 'REVIEW', resource: 'CREATOR' },
      campaign: null,
      link: `/console/identity-checks/${applicationId}`,
      ...(review
        ? { subject: [review.firstName, review.lastName].filter(Boolean).join(' ') || review.email }
        : {}),
    });
  }

  /** Asks the outside provider; a failure is the creator's 503, never their fault. */
  async function askProvider<Result>(work: (kyc: ExternalKycProvider) => Promise<Result>): Promise<Result> {
    if (!external) throw new Error('no external identity provider is configured');
    try {
      return await work(external);
    } catch (error) {
      if (error instanceof KycProviderUnavailable || error instanceof KycProviderRejected) {
        logger.warn({ err: error }, 'the identity provider could not be used');
        throw providerUnavailable(error);
      }
      throw error;
    }
  }

  /** Locks the creator's row, then the check's: the order every change to a check takes them in. */
  async function lockCheck(tx: Executor, application: ApplicationRef) {
    const creator = await creatorService.lock(tx, application.creatorId);
    const locked = await repository.lock(tx, application.id);
    return { creator, application: locked };
  }

  /**
   * Records a check's new status and moves the creator on where it leads (Success: to ARTIST_SELECTION;
   * ReVerify or Abandoned: back to KYC_CAPTURE). Both rows are locked by the caller (lockCheck).
   */
  async function settle(
    tx: Executor,
    creator: Awaited<ReturnType<CreatorService['lock']>>,
    application: KycApplicationRow,
    outcome: { status: KycStatus; reason?: string | null; decidedBy?: string | null },
  ): Promise<KycApplicationRow> {
    const now = clock.now();
    const updated = await repository.update(tx, application.id, {
      status: outcome.status,
      ...(outcome.reason !== undefined ? { reason: outcome.reason } : {}),
      ...(CLOSED.includes(outcome.status) ? { decidedAt: now, decidedBy: outcome.decidedBy ?? null } : {}),
      updatedAt: now,
    });
    if (application.status !== outcome.status) await tellReviewers(tx, application.id, outcome.status);
    const event = onboardingEventFor(outcome.status);
    if (creator && event && creator.onboardingStatus === 'KYC_CHECK') {
      await creatorService.applyEvent(tx, creator, event);
    }
    // The creator may have closed the app while they waited: the outcome reaches them by email too, in
    // the same transaction as the decision.
    const emailOutcome = EMAILED_OUTCOMES[outcome.status];
    const recipient = emailOutcome ? (await repository.review(tx, application.id))?.email : undefined;
    if (emailOutcome && recipient) {
      await emailService.enqueue(
        tx,
        recipient,
        emailTemplates.identityCheckDecided({
          outcome: emailOutcome,
          reason: outcome.reason ?? null,
          url: `${publicUrl}/`,
        }),
      );
    }
    return updated;
  }

  const isOpen = (application: KycApplicationRow | undefined): application is KycApplicationRow =>
    application !== undefined && !CLOSED.includes(application.status);

  /**
   * The application the creator is working on, opening a new one when the last one is over. Under the
   * creator's lock, so that two calls at once (a page loaded twice) open one application, not two.
   */
  async function openApplication(creatorId: string, applicantId: string | null): Promise<KycApplicationRow> {
    return db.transaction(async (tx) => {
      await creatorService.lock(tx, creatorId);
      const latest = await repository.latestOf(tx, creatorId);
      const now = clock.now();
      if (isOpen(latest)) {
        if (latest.provider === provider) {
          if (!applicantId || latest.applicantId) return latest;
          return repository.update(tx, latest.id, { applicantId, updatedAt: now });
        }
        // Begun with the provider the platform used before: that attempt cannot be finished here.
        await repository.update(tx, latest.id, { status: 'Abandoned', decidedAt: now, updatedAt: now });
      }
      return repository.insert(tx, {
        id: randomUUID(),
        creatorId,
        provider,
        status: 'Created',
        // The provider knows the creator already: a new attempt does not make a second applicant.
        applicantId: applicantId ?? (latest?.provider === provider ? latest.applicantId : null),
        checkId: null,
        documentKey: null,
        selfieKey: null,
        reason: null,
        submittedAt: null,
        decidedAt: null,
        decidedBy: null,
        createdAt: now,
        updatedAt: now,
      });
    });
  }

  /** The reason the creator reads: the check's own or, on a fresh attempt, why the last one did not pass. */
  async function reasonFor(application: KycApplicationRow): Promise<string | null> {
    if (application.reason !== null || application.status !== 'Created') return application.reason;
    const previous = await repository.latestInStatusOf(db, application.creatorId, CLOSED);
    return previous && previous.status !== 'Success' ? previous.reason : null;
  }

  /**
   * Whether each file is there and is what it was uploaded as, told by its bytes as campaign files are (an
   * HTML page declared `image/png` is not a photo). A file that is not is removed, so nothing of it is kept
   * to be reviewed or served, and the creator is asked for it again.
   */
  async function fileProblems(keyOf: (kind: KycFileKind) => string): Promise<FileProblem[]> {
    const problems: FileProblem[] = [];
    for (const kind of KYC_FILE_KINDS) {
      const key = keyOf(kind);
      const stored = await storage.head(key);
      const start = stored ? await storage.readStart(key, SNIFF_BYTES) : null;
      if (!stored || !start || start.length === 0) {
        problems.push({ field: kind, message: CREATOR_MESSAGES.kycNotReady });
        continue;
      }
      const allowed = KYC_FILE_TYPES[kind].includes(bareMediaType(stored.contentType));
      if (!allowed || !(await contentIsOfType(start, stored.contentType))) {
        await storage.delete(key);
        problems.push({ field: kind, message: KYC_MESSAGES.fileNotReadable(kind) });
      }
    }
    return problems;
  }

  /** Onfido: the applicant is created once (nothing is written if Onfido cannot), then a token for its SDK. */
  async function onfidoConfig(
    creator: Awaited<ReturnType<CreatorService['own']>>,
    user: RequestUser,
  ): Promise<KycSdkConfig> {
    const latest = await repository.latestOf(db, creator.accountId);
    let applicantId = latest?.provider === provider ? latest.applicantId : null;
    if (!applicantId) {
      const created = await askProvider((kyc) =>
        kyc.createApplicant({
          firstName: creator.firstName ?? '',
          lastName: creator.lastName ?? '',
          email: user.email,
          ...(creator.dateOfBirth ? { dateOfBirth: creator.dateOfBirth } : {}),
          ...(creator.country ? { country: creator.country } : {}),
        }),
      );
      applicantId = created.applicantId;
    }
    const application = await openApplication(creator.accountId, applicantId);
    const tokenFor = application.applicantId ?? applicantId;
    const token = await askProvider((kyc) => kyc.createSdkToken(tokenFor, `${publicUrl}/*`));
    return {
      provider,
      status: application.status,
      reason: await reasonFor(application),
      sdkToken: token.token,
      uploads: null,
    };
  }

  const toReview = (row: KycReviewRow): KycReview => ({
    id: row.application.id,
    creatorId: row.application.creatorId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
    email: row.email,
    country: row.country,
    dateOfBirth: row.dateOfBirth,
    provider: row.application.provider,
    status: row.application.status,
    reason: row.application.reason,
    submittedAt: row.application.submittedAt?.toISOString() ?? null,
    decidedAt: row.application.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
  });

  const service = {
    /** Where Support is told of identity checks waiting for review from now on. */
    useStaffNotifier(next: NotificationsService['notifyStaff']): void {
      staffNotifier = next;
    },

    /** The creator's latest identity check, for their account. */
    async summary(creatorId: string): Promise<KycSummary> {
      const latest = await repository.latestOf(db, creatorId);
      if (!latest) return { status: 'None', provider: null, reason: null, updatedAt: null };
      return {
        status: latest.status,
        provider: latest.provider,
        reason: await reasonFor(latest),
        updatedAt: latest.updatedAt,
      };
    },

    /** GET /server-api/creator/kyc-sdk-config. */
    async sdkConfig(user: RequestUser): Promise<KycSdkConfig> {
      const creator = await creatorService.own(user);
      if (!hasReachedStep(creator.onboardingStatus, 'KYC_CAPTURE')) throw stepNotReached();
      if (creator.onboardingStatus !== 'KYC_CAPTURE') {
        const { status, reason } = await service.summary(creator.accountId);
        return { provider, status, reason, sdkToken: null, uploads: null };
      }
      if (external) return onfidoConfig(creator, user);
      const application = await openApplication(creator.accountId, null);
      const upload = async (kind: KycFileKind) => ({
        url: (
          await storage.signedUrl({
            method: 'PUT',
            key: uploadKey(application, kind),
            expiresInSeconds: UPLOAD_URL_SECONDS,
            contentTypes: KYC_FILE_TYPES[kind],
            maxBytes: KYC_FILE_MAX_BYTES,
          })
        ).url,
        accept: [...KYC_FILE_TYPES[kind]],
        maxBytes: KYC_FILE_MAX_BYTES,
        uploaded: (await storage.head(uploadKey(application, kind))) !== null,
      });
      return {
        provider,
        status: application.status,
        reason: await reasonFor(application),
        sdkToken: null,
        uploads: { document: await upload('document'), selfie: await upload('selfie') },
      };
    },

    /**
     * GET /server-api/creator/create-kyc-application: submits the check. Built-in: the uploaded files go to
     * Support's queue (ManualReview). Onfido: the provider's check starts. Either way the creator moves to
     * KYC_CHECK. A check already submitted is a 422, which the app takes in its stride (SPEC §7).
     */
    async submit(user: RequestUser): Promise<KycApplicationResponse> {
      const creator = await creatorService.own(user);
      if (!hasReachedStep(creator.onboardingStatus, 'KYC_CAPTURE')) throw stepNotReached();
      if (creator.onboardingStatus !== 'KYC_CAPTURE') throw alreadySubmitted();
      const latest = await repository.latestOf(db, creator.accountId);
      // Nothing was uploaded to an application the creator never opened (kyc-sdk-config opens it).
      if (!isOpen(latest) || latest.provider !== provider) throw notUploaded();
      const application = latest;

      let checkId: string | null = null;
      let status: KycStatus = 'ManualReview';
      if (external) {
        const applicantId = application.applicantId;
        if (!applicantId) throw notUploaded();
        const check = await askProvider(async (kyc) => {
          try {
            return await kyc.createCheck(applicantId);
          } catch (error) {
            // Onfido refuses a check for an applicant who has not given it a document and a selfie yet:
            // the creator's move, as with the built-in check, not an outage.
            if (error instanceof KycProviderRejected && !error.isMisconfiguration) throw notUploaded();
            throw error;
          }
        });
        checkId = check.checkId;
        status = check.status;
      } else {
        const problems = await fileProblems((kind) => uploadKey(application, kind));
        if (problems.length > 0) throw filesRefused(problems);
      }

      const updated = await db.transaction(async (tx) => {
        const locked = await lockCheck(tx, application);
        if (locked.creator?.onboardingStatus !== 'KYC_CAPTURE' || locked.application?.status !== 'Created') {
          throw alreadySubmitted();
        }
        if (!external) {
          // What Support reviews is what was checked here: the files move where the upload URLs, which
          // work a while longer, cannot replace them.
          for (const kind of KYC_FILE_KINDS) {
            await storage.move(uploadKey(application, kind), reviewKey(application, kind));
          }
          const problems = await fileProblems((kind) => reviewKey(application, kind));
          if (problems.length > 0) throw filesRefused(problems);
        }
        const now = clock.now();
        const row = await repository.update(tx, application.id, {
          status,
          checkId,
          documentKey: external ? null : reviewKey(application, 'document'),
          selfieKey: external ? null : reviewKey(application, 'selfie'),
          submittedAt: now,
          updatedAt: now,
        });
        await creatorService.applyEvent(tx, locked.creator, 'kycSubmitted');
        await tellReviewers(tx, application.id, status);
        return row;
      });
      emailService.notifyEnqueued();
      return { status: updated.status, message: SUBMITTED_MESSAGE };
    },

    /**
     * POST /server-api/hooks/kyc/onfido: Onfido tells of a check's progress. The event is only a prompt:
     * the outcome is read from Onfido itself, so a replayed or reordered event changes nothing wrongly, and
     * a check someone at the platform has decided is not reopened. Without Onfido configured the route
     * takes nothing (404), as the metrics webhook does without its secret.
     */
    async onfidoWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!external || !webhookToken) {
        if (!toldWebhookIsOff) {
          toldWebhookIsOff = true;
          logger.warn('an Onfido webhook was refused: Onfido is not configured on this server');
        }
        throw new AppError(404, KYC_ERROR_CODES.webhookNotConfigured, KYC_MESSAGES.webhookNotConfigured);
      }
      const verdict = verifyOnfidoWebhook(rawBody, signature, webhookToken);
      if (!verdict.ok) {
        throw new AppError(401, ERROR_CODES.signatureInvalid, 'The webhook signature is not valid.');
      }
      if (verdict.event.resourceType !== 'check') return;
      const application = await repository.byCheckId(db, verdict.event.objectId);
      if (!isOpen(application)) return;
      const check = await askProvider((kyc) => kyc.getCheck(verdict.event.objectId));
      await db.transaction(async (tx) => {
        const locked = await lockCheck(tx, application);
        if (!isOpen(locked.application) || locked.application.status === check.status) return;
        await settle(tx, locked.creator, locked.application, { status: check.status });
      });
      emailService.notifyEnqueued();
    },

    async reviewQueue(query: KycReviewListQuery): Promise<KycReviewListResponse> {
      const { rows, total } = await repository.listByStatus(
        db,
        query.status,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return { items: rows.map(toReview), total, page: query.page, pageSize: query.pageSize };
    },

    async reviewDetail(id: string): Promise<KycReviewDetail> {
      const row = isUuid(id) ? await repository.review(db, id) : undefined;
      if (!row) throw errors.notFound();
      const view = async (key: string | null, kind: KycFileKind) => {
        const stored = key ? await storage.head(key) : null;
        if (!key || !stored) return null;
        const { url } = await storage.signedUrl({
          method: 'GET',
          key,
          expiresInSeconds: REVIEW_URL_SECONDS,
          downloadName: `${kind}-${row.application.id.slice(0, 8)}`,
        });
        return { url, contentType: stored.contentType };
      };
      return {
        ...toReview(row),
        files: {
          document: await view(row.application.documentKey, 'document'),
          selfie: await view(row.application.selfieKey, 'selfie'),
        },
      };
    },

    /** Support's decision on a check waiting for a person, with a reason the creator reads. */
    async decide(actor: Actor, id: string, body: KycDecisionBody): Promise<KycReviewDetail> {
      if (!isUuid(id)) throw errors.notFound();
      await db.transaction(async (tx) => {
        const found = await repository.review(tx, id);
        if (!found) throw errors.notFound();
        const { creator, application } = await lockCheck(tx, found.application);
        if (!application) throw errors.notFound();
        const allowed =
          DECIDABLE.includes(application.status) ||
          (body.decision === 'reverify' && application.status === 'Failure');
        if (!allowed) throw new AppError(409, ERROR_CODES.conflict, KYC_MESSAGES.notDecidable);
        const status: KycStatus =
          body.decision === 'approve' ? 'Success' : body.decision === 'reject' ? 'Failure' : 'ReVerify';
        const reason = body.decision === 'approve' ? null : (body.reason ?? null);
        await settle(tx, creator, application, { status, reason, decidedBy: actor.accountId });
        await audit.record(tx, {
          actor,
          action: `kyc.${body.decision}`,
          target: { type: 'kyc', id, label: found.email },
          before: { status: application.status },
          after: { status, reason },
        });
      });
      emailService.notifyEnqueued();
      return service.reviewDetail(id);
    },
  };
  return service;
}
