import { formPublicApi, isWebAddress, validateAnswer, type PublicAnswerResult, type PublicForm } from '@linq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call, uploadFile } from '../../../app/api/call.ts';
import { isApiError } from '../../../app/api/errors.ts';
import { endpointQuery } from '../../../app/api/queries.ts';
import { FormSheet } from '../../../components/form-view/FormSheet.tsx';
import type { AnswerValues } from '../../../components/form-view/FormFields.tsx';
import { PublicLoadFailed } from '../PublicLoadFailed.tsx';
import { answerErrorsOf, newSubmissionId, type Who } from './form-answer.ts';
import '../../../app/i18n/parts/form-page.ts';

/** A phone's width: the page reads as on a phone even on a wide screen. */
const SHEET_WIDTH = 560;

/**
 * /form?t={signed friend link} or /form?c={public code}: the form to answer. Who answers is only what
 * the link says (the server never takes a friend from the page). Entered values stay on any failure;
 * a submission is sent with one id, so a repeated send is saved once.
 */
export default function FormPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const who: Who = searchParams.get('t')
    ? { t: searchParams.get('t') ?? '' }
    : searchParams.get('c')
      ? { c: searchParams.get('c') ?? '' }
      : {};
  const known = 't' in who || 'c' in who;
  const view = useQuery({
    ...endpointQuery(formPublicApi.view, { query: who }, { handles: 'all' }),
    enabled: known,
    gcTime: 0,
    staleTime: Infinity,
  });

  if (known && view.isPending) {
    return (
      <Flex justify="center" style={{ paddingTop: '20vh' }} data-testid="form-page-loading">
        <Spin size="large" />
      </Flex>
    );
  }
  const form = view.data?.data;
  if (form) return <FormAnswering form={form} who={who} />;
  if (!known || view.error?.status === 404) {
    return (
      <Result
        status="404"
        title={t('formPage.notFoundTitle')}
        subTitle={t('formPage.notFoundHint')}
        data-testid="form-page-not-found"
      />
    );
  }
  if (view.error?.status === 410) return <StateResult state="expired" />;
  return (
    <PublicLoadFailed
      title={t('formPage.failedTitle')}
      networkError={view.error?.isNetworkError ?? false}
      onRetry={() => void view.refetch()}
      testId={{ result: 'form-page-failed', retry: 'form-page-retry' }}
    />
  );
}

function StateResult({ state }: { state: Exclude<PublicForm['state'], 'open'> }) {
  const { t } = useTranslation();
  return (
    <Result
      status={state === 'answered' ? 'success' : 'info'}
      title={t(`formPage.states.${state}`)}
      subTitle={t(`formPage.stateHints.${state}`)}
      data-testid={`form-page-${state}`}
    />
  );
}

function Thanks({ result }: { result: PublicAnswerResult }) {
  const { t } = useTranslation();
  return (
    <Result
      status="success"
      title={t('formPage.thanksTitle')}
      subTitle={
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="form-thanks-message">
          {result.thank_you_message || t('formPage.thanksDefault')}
        </Typography.Paragraph>
      }
      data-testid="form-page-thanks"
    />
  );
}

function FormAnswering({ form, who }: { form: PublicForm; who: Who }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AnswerValues>(() => ({ ...(form.previous ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<PublicAnswerResult | null>(null);
  const [closedState, setClosedState] = useState<'expired' | null>(null);
  // One id for every send of this page: a send repeated after a lost answer is saved once.
  const submissionId = useRef(newSubmissionId());
  // Set before React re-renders, so a double click sends once.
  const inFlight = useRef(false);
  const redirectTo = done?.redirect_url && isWebAddress(done.redirect_url) ? done.redirect_url : null;

  useEffect(() => {
    if (redirectTo) window.location.assign(redirectTo);
  }, [redirectTo]);

  if (form.state !== 'open') return <StateResult state={form.state} />;
  if (closedState) return <StateResult state={closedState} />;
  if (done) {
    if (redirectTo) {
      return (
        <Flex vertical align="center" gap={16} style={{ paddingTop: '20vh' }} data-testid="form-page-redirecting">
          <Spin size="large" />
          <Typography.Text>{t('formPage.redirecting')}</Typography.Text>
        </Flex>
      );
    }
    return <Thanks result={done} />;
  }

  const change = (key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };

  const submit = async () => {
    if (inFlight.current) return;
    setProblem(null);
    const checked = validateAnswer({ fields: form.fields }, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(t('formPage.fixErrors', { count: Object.keys(checked.errors).length }));
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const { data } = await call(
        formPublicApi.answer,
        { body: { ...who, submission_id: submissionId.current, values } },
        { handles: 'all' },
      );
      setDone(data);
    } catch (error) {
      if (isApiError(error, 410)) setClosedState('expired');
      else if (isApiError(error, 422) && error.fieldErrors) {
        const { fields, others } = answerErrorsOf(error.fieldErrors);
        setErrors(fields);
        const count = Object.keys(fields).length;
        setProblem([count > 0 ? t('formPage.fixErrors', { count }) : '', ...others].filter(Boolean).join(' '));
      } else if (isApiError(error) && !error.isNetworkError && error.status < 500) setProblem(error.message);
      else setProblem(t('formPage.submitFailed'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const upload = async (file: File): Promise<string> => {
    try {
      const { data } = await uploadFile(formPublicApi.upload, { query: who }, file, { handles: 'all' });
      return data.token;
    } catch (error) {
      const reason =
        isApiError(error) && error.fieldErrors
          ? (Object.values(error.fieldErrors)[0]?.description ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error);
      throw new Error(reason);
    }
  };

  return (
    <Card style={{ maxWidth: SHEET_WIDTH, margin: '0 auto' }} data-testid="form-page">
      {form.previous && (
        <Alert type="info" showIcon message={t('formPage.editingPrevious')} style={{ marginBottom: 12 }} />
      )}
      <FormSheet
        title={form.title}
        description={form.description}
        fields={form.fields}
        values={values}
        onChange={change}
        errors={errors}
        upload={upload}
        onSubmit={() => void submit()}
        sending={sending}
        notice={problem && <Alert type="error" showIcon message={problem} data-testid="form-problem" />}
      />
    </Card>
  );
}
