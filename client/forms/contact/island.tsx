import { Choice, TextArea, TextInput } from '../inputs';
import { IslandForm } from '../island-form';
import { EmailAlternative, SuccessScreen } from '../ui';
import { type FormIslandProps, useFormIsland } from '../use-form';
import { type CONTACT_SOURCES, contactSchema, MESSAGE_MAX } from './schema';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'source', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

export interface ContactFormProps extends FormIslandProps {
  /** The page the form is on: a post without JavaScript comes back to it (the server checks it against the form's pages). */
  page: string;
  labels: Record<
    FieldName | 'sourcePlaceholder' | 'counter' | 'consent' | 'submit' | 'sending' | 'honeypot' | 'noscript' | 'captcha',
    string
  >;
  sources: { value: (typeof CONTACT_SOURCES)[number]; label: string }[];
  alternative: FormIslandProps['alternative'] & { subject: string; subjectNamed: string };
}

type Form = ReturnType<typeof useFormIsland<Record<FieldName, string>>>;

/** The same request as an e-mail, for when the anti-robot check cannot run or the request could not be sent. */
function ContactAlternative({ props, form }: { props: ContactFormProps; form: Form }) {
  const { values } = form;
  const name = `${values.firstName} ${values.lastName}`.trim();
  return (
    <EmailAlternative
      failed={form.failure.sendFailed}
      texts={props.alternative}
      address={props.contactEmail}
      subject={name ? props.alternative.subjectNamed.replace('{{name}}', name) : props.alternative.subject}
      body={[values.message.trim(), [name, values.phone.trim()].filter(Boolean).join('\n')].filter(Boolean).join('\n\n')}
    />
  );
}

/**
 * The contact / quote form. Without JavaScript it is a plain form posting to
 * /api/contact; with it, the shared schema checks fields on blur and submit,
 * and the answer comes back as JSON without leaving the page. When the
 * anti-robot check cannot run, the visitor gets the same request as a
 * prefilled e-mail instead.
 */
export default function ContactForm(props: ContactFormProps) {
  const { labels, state } = props;
  const topic = typeof state.values.topic === 'string' ? state.values.topic : '';
  const form = useFormIsland(
    props,
    contactSchema,
    () =>
      Object.fromEntries(FIELDS.map((f) => [f, typeof state.values[f] === 'string' ? (state.values[f] as string) : ''])) as Record<
        FieldName,
        string
      >,
    () => ({ ...(topic ? { topic } : {}), page: props.page }),
  );
  if (form.status === 'sent') return <SuccessScreen texts={props.success} homeHref={props.homeHref} />;

  const input = (name: Exclude<FieldName, 'source' | 'message'>, type: string, autoComplete: string) => (
    <TextInput
      form={form}
      name={name}
      label={labels[name]}
      type={type}
      autoComplete={autoComplete}
      required={name !== 'phone'}
      maxLength={name === 'email' ? 254 : name === 'phone' ? 40 : 100}
    />
  );
  const counter = `${form.id}message-count`;
  const alternative = (form.captcha.failed || form.failure.offerEmail) && <ContactAlternative props={props} form={form} />;
  return (
    <IslandForm form={form} onSubmit={form.submit()} locale={props.locale} labels={labels} alternative={alternative}>
      <input type="hidden" name="page" value={props.page} />
      {topic && <input type="hidden" name="topic" value={topic} />}
      <div className="form-row">
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
      </div>
      <div className="form-row">
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel')}
      </div>
      <Choice form={form} name="source" label={labels.source} placeholder={labels.sourcePlaceholder} options={props.sources} />
      <TextArea
        form={form}
        name="message"
        label={labels.message}
        rows={6}
        maxLength={MESSAGE_MAX}
        hintId={counter}
        hint={
          <p className="field-hint" id={counter}>
            {labels.counter.replace('{{count}}', String(form.values.message.length))}
          </p>
        }
      />
    </IslandForm>
  );
}
