// Branded transactional messages: every mail has an HTML and a plain-text part with the same content.
export type MailContent = { subject: string; html: string; text: string };
export type SmsContent = { body: string };

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

type Block = { kind: 'p'; text: string } | { kind: 'button'; label: string; url: string } | { kind: 'code'; text: string };

export type Templates = ReturnType<typeof createTemplates>;

export function createTemplates({ siteName, publicUrl }: { siteName: string; publicUrl: string }) {
  const link = (path: string) => `${publicUrl}${path}`;

  function mail(subject: string, greeting: string, blocks: Block[]): MailContent {
    const htmlBlocks = blocks
      .map((block) => {
        if (block.kind === 'p') return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
        if (block.kind === 'code') {
          return `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700;color:#f5c542">${escapeHtml(block.text)}</p>`;
        }
        return [
          `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#f5c542;color:#0b0e17;padding:12px 24px;border-radius:8px;font-weight:700;text-decoration:none;display:inline-block">${escapeHtml(block.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:12px;color:#9aa3b5">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(block.url)}" style="color:#9aa3b5;word-break:break-all">${escapeHtml(block.url)}</a></p>`,
        ].join('\n');
      })
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0b0e17;font-family:Helvetica,Arial,sans-serif;color:#e8ebf2">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0e17;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#151a28;border-radius:12px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #232a3d"><a href="${escapeHtml(publicUrl)}" style="color:#f5c542;font-size:22px;font-weight:700;text-decoration:none">${escapeHtml(siteName)}</a></td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(greeting)}</p>
${htmlBlocks}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #232a3d;font-size:12px;color:#9aa3b5">You receive this e-mail because of your account at ${escapeHtml(siteName)}. Please play responsibly; 18+ only.</td></tr>
</table></td></tr></table></body></html>
`;
    const text = [
      greeting,
      '',
      ...blocks.flatMap((block) => (block.kind === 'button' ? [`${block.label}: ${block.url}`, ''] : [block.text, ''])),
      '--',
      `${siteName} · ${publicUrl}`,
      'You receive this e-mail because of your account with us. Please play responsibly; 18+ only.',
      '',
    ].join('\n');
    return { subject, html, text };
  }

  const hello = (name: string) => `Hello ${name},`;

  return {
    activationMail: ({ name, activationId, hours }: { name: string; activationId: string; hours: number }) =>
      mail(`Activate your ${siteName} account`, hello(name), [
        { kind: 'p', text: `Welcome to ${siteName}! Please confirm your e-mail address to activate your account.` },
        { kind: 'button', label: 'Activate my account', url: link(`/player/activate/${activationId}`) },
        { kind: 'p', text: `The link works for ${hours} hours. If you did not register, you can ignore this e-mail.` },
      ]),

    passwordResetMail: ({ name, token, minutes }: { name: string; token: string; minutes: number }) =>
      mail(`Reset your ${siteName} password`, hello(name), [
        { kind: 'p', text: 'We received a request to reset the password of your account.' },
        { kind: 'button', label: 'Choose a new password', url: link(`/account/reset-password/${token}`) },
        { kind: 'p', text: `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.` },
      ]),

    /** A staff member's one-time link (docs/decisions/0106): an invitation to the back office, or an admin's reset. */
    staffPasswordLinkMail: ({ purpose, token, hours, invitedBy }: { purpose: 'invite' | 'reset'; token: string; hours: number; invitedBy: string | null }) =>
      purpose === 'invite'
        ? mail(`You are invited to the ${siteName} back office`, 'Hello,', [
            { kind: 'p', text: `${invitedBy ?? 'An administrator'} has given you a staff account in the ${siteName} back office.` },
            { kind: 'button', label: 'Choose your password', url: link(`/admin/password/${token}`) },
            { kind: 'p', text: `The link works once, for ${hours} hours. After your password you set up two-factor sign-in with an authenticator app.` },
          ])
        : mail(`Choose a new ${siteName} back-office password`, 'Hello,', [
            { kind: 'p', text: 'An administrator has reset the password of your back-office account and signed you out everywhere.' },
            { kind: 'button', label: 'Choose a new password', url: link(`/admin/password/${token}`) },
            { kind: 'p', text: `The link works once, for ${hours} hours. If you did not expect this, tell your administrator.` },
          ]),

    passwordChangedMail: ({ name }: { name: string }) =>
      mail(`Your ${siteName} password was changed`, hello(name), [
        { kind: 'p', text: 'The password of your account has just been changed, and every other session was signed out.' },
        { kind: 'p', text: 'If this was not you, reset your password at once and contact our support team.' },
        { kind: 'button', label: 'Reset my password', url: link('/reset-password') },
      ]),

    affiliateApprovedMail: ({ name }: { name: string }) =>
      mail(`Your ${siteName} affiliate account is approved`, hello(name), [
        {
          kind: 'p',
          text: 'Your application to our affiliate programme has been approved. You can now sign in to the affiliate portal, create your tracking links and follow your players and commission.',
        },
        { kind: 'button', label: 'Sign in to the affiliate portal', url: link('/affiliates/sign-in') },
      ]),

    magicLinkMail: ({ name, token, redirect, minutes }: { name: string; token: string; redirect: string; minutes: number }) =>
      mail(`Your ${siteName} sign-in link`, hello(name), [
        { kind: 'p', text: 'Use this link to sign in without your password.' },
        { kind: 'button', label: 'Sign me in', url: link(`/?magic-token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(redirect)}`) },
        { kind: 'p', text: `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail.` },
      ]),

    emailChangeMail: ({ name, token, hours }: { name: string; token: string; hours: number }) =>
      mail(`Confirm your new ${siteName} e-mail address`, hello(name), [
        { kind: 'p', text: 'Please confirm that this is the new e-mail address of your account.' },
        { kind: 'button', label: 'Confirm my new address', url: link(`/account/profile?email-token=${encodeURIComponent(token)}`) },
        { kind: 'p', text: `The link works for ${hours} hours. Until then we keep writing to your old address.` },
      ]),

    emailChangeNoticeMail: ({ name, newEmail }: { name: string; newEmail: string }) =>
      mail(`Your ${siteName} e-mail address is being changed`, hello(name), [
        {
          kind: 'p',
          text: `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only when that address confirms it.`,
        },
        { kind: 'p', text: 'If this was not you, change your password at once and contact our support team.' },
      ]),

    /** Identity verification (issue 15): a document was reviewed; `lines` say what it means and what to do next. */
    verificationMail: ({ name, subject, lines }: { name: string; subject: string; lines: string[] }) =>
      mail(subject, hello(name), [
        ...lines.map((text): Block => ({ kind: 'p', text })),
        { kind: 'button', label: 'Open my verification', url: link('/account/verification') },
      ]),

    /** A notice for money or the account (decision 0119): a deposit, a withdrawal, a bonus, a review; `lines` say it. */
    noticeMail: ({ name, subject, lines, button }: { name: string; subject: string; lines: string[]; button?: { label: string; path: string } }) =>
      mail(subject, hello(name), [
        ...lines.map((text): Block => ({ kind: 'p', text })),
        ...(button ? [{ kind: 'button', label: button.label, url: link(button.path) } as Block] : []),
      ]),

    activationSms: ({ code, minutes }: { code: string; minutes: number }): SmsContent => ({
      body: `${code} is your ${siteName} activation code. It expires in ${minutes} minutes. Never share it.`,
    }),
  };
}
