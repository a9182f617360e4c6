import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import {
  CREATOR_MESSAGES,
  CREATOR_PLATFORMS,
  PLATFORM_LABELS,
  SOCIAL_HANDLE_MESSAGES,
  type CreatorPlatform,
  type CreatorProfileBody,
} from '@platform/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '../../../components/form/PersonalDetailsFields';
import { TextField } from '../../../components/form/TextField';
import { checkHandle } from '../api/check-handle';

/** The creator's profile form, as its sections share it. */
export type ProfileForm = UseFormReturn<CreatorProfileBody, unknown, CreatorProfileBody>;

const PLATFORM_OPTIONS = CREATOR_PLATFORMS.map((platform) => ({
  value: platform,
  label: PLATFORM_LABELS[platform],
}));

type HandleValue = CreatorProfileBody['handles'][number];

// Another account's handle is compared without regard to case (ADR 014), so its answer is kept that way.
const handleKey = ({ socialPlatform, handle }: HandleValue) =>
  `${socialPlatform}:${handle.trim().toLowerCase()}`;

/**
 * Whether other accounts hold the creator's handles, asked when the creator leaves a handle's field. The
 * answers are kept by platform and handle, not by row, so that a message follows its handle when rows are
 * removed and goes when the handle is changed. A handle refused, or whose check failed (SPEC §8: it counts
 * as invalid), keeps the form from being sent until it is changed or checked again.
 */
export function useHandleChecks() {
  const answered = useRef(new Map<string, string | null>());
  const underWay = useRef(new Map<string, Promise<string | null>>());
  const [problems, setProblems] = useState<ReadonlyMap<string, string | null>>(() => new Map());

  const check = useCallback((value: HandleValue) => {
    const key = handleKey(value);
    if (answered.current.get(key) === null || underWay.current.has(key)) return;
    const answer = checkHandle(value.socialPlatform, value.handle.trim())
      .then(
        (found) => (found.available ? null : (found.message ?? SOCIAL_HANDLE_MESSAGES.selectedInHoc)),
        (error: unknown) => {
          console.error('The handle check failed', error);
          return CREATOR_MESSAGES.handleCheckFailed;
        },
      )
      .then((problem) => {
        underWay.current.delete(key);
        answered.current.set(key, problem);
        setProblems(new Map(answered.current));
        return problem;
      });
    underWay.current.set(key, answer);
  }, []);

  /** The row of the first handle refused once the checks under way have answered, or -1. */
  const firstRefused = useCallback(async (handles: readonly HandleValue[]) => {
    await Promise.all(
      handles.flatMap((value) => {
        const answer = underWay.current.get(handleKey(value));
        return answer ? [answer] : [];
      }),
    );
    return handles.findIndex((value) => typeof answered.current.get(handleKey(value)) === 'string');
  }, []);

  const problemOf = (value: HandleValue) => problems.get(handleKey(value)) ?? undefined;
  return { check, firstRefused, problemOf };
}

export type HandleChecks = ReturnType<typeof useHandleChecks>;

export const focusHandle = (index: number) =>
  document.getElementsByName(`handles.${index}.handle`)[0]?.focus();

/**
 * The handles, a row each. Held with `watch` and `setValue` rather than react-hook-form's field arrays,
 * whose code every form page would otherwise download (ADR 009); each row keeps a key of its own so that
 * removing one never moves another's text.
 */
export function HandlesFields({ form, checks }: { form: ProfileForm; checks: HandleChecks }) {
  const handles = form.watch('handles');
  const [keys, setKeys] = useState(() => handles.map((_handle, index) => index));
  const { errors } = form.formState;
  const unusedPlatform = CREATOR_PLATFORMS.find(
    (platform) => !handles.some((handle) => handle.socialPlatform === platform),
  );
  // A row is checked as it is edited once the form was sent, or once it shows a message.
  const changeOptions = (path: `handles.${number}.${'handle' | 'socialPlatform'}`) => ({
    shouldValidate: form.formState.isSubmitted || form.getFieldState(path).invalid,
    shouldDirty: true,
  });

  /** Checks the rules of the handle the creator left (or moved), then whether another account holds it. */
  const leave = async (index: number) => {
    const path = `handles.${index}.handle` as const;
    const value = form.getValues(`handles.${index}`);
    if (value.handle.trim() === '' && !form.formState.isSubmitted) return;
    if (await form.trigger(path)) checks.check(value);
  };

  const remove = (index: number) => {
    const remainingErrors = handles.flatMap((_handle, position) =>
      position === index ? [] : [errors.handles?.[position]],
    );
    setKeys((current) => current.filter((_key, position) => position !== index));
    form.setValue(
      'handles',
      handles.filter((_handle, position) => position !== index),
      { shouldValidate: form.formState.isSubmitted, shouldDirty: true },
    );
    // The messages are kept by row number: each stays with its row as the rows below move up.
    form.clearErrors('handles');
    remainingErrors.forEach((rowErrors, position) => {
      for (const part of ['socialPlatform', 'handle'] as const) {
        const error = rowErrors?.[part];
        if (error?.message)
          form.setError(`handles.${position}.${part}`, { type: error.type, message: error.message });
      }
    });
  };

  const listError = errors.handles?.root?.message ?? errors.handles?.message;
  return (
    <Fieldset legend="Social handles" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The accounts you post from, one per platform, without the @.
        </Text>
        {handles.map((handle, index) => (
          <Group key={keys[index] ?? `new-${index}`} gap="xs" align="flex-start" wrap="nowrap">
            <SelectField
              label="Platform"
              data={PLATFORM_OPTIONS}
              w={130}
              style={{ flexShrink: 0 }}
              value={handle.socialPlatform}
              onChange={(event) => {
                form.setValue(
                  `handles.${index}.socialPlatform`,
                  event.currentTarget.value as CreatorPlatform,
                  changeOptions(`handles.${index}.socialPlatform`),
                );
                // Whether another account holds the handle depends on the platform too.
                if (form.getValues(`handles.${index}.handle`).trim() !== '') void leave(index);
              }}
              error={errors.handles?.[index]?.socialPlatform?.message}
            />
            <TextField
              label="Handle"
              name={`handles.${index}.handle`}
              style={{ flex: 1, minWidth: 0 }}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={handle.handle}
              onChange={(event) =>
                form.setValue(
                  `handles.${index}.handle`,
                  event.currentTarget.value,
                  changeOptions(`handles.${index}.handle`),
                )
              }
              onBlur={() => void leave(index)}
              error={errors.handles?.[index]?.handle?.message ?? checks.problemOf(handle)}
            />
            {handles.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={26}
                aria-label={`Remove the ${PLATFORM_LABELS[handle.socialPlatform]} handle`}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        ))}
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        {unusedPlatform && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              setKeys((current) => [...current, Math.max(-1, ...current) + 1]);
              form.setValue('handles', [...handles, { socialPlatform: unusedPlatform, handle: '' }], {
                shouldDirty: true,
              });
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            Add another handle
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
