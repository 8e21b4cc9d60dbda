// The SDK quick start: what a partner's own code does with Chairside, without a widget.
const $ = (id) => document.getElementById(id);

const sdk = await window.Chairside.sdk();

// Banners (server messages, errors) also arrive as DOM events on document.
document.addEventListener('chairside:banner', (event) => {
  const item = document.createElement('li');
  item.textContent = `${event.detail.intent}: ${event.detail.message}`;
  $('banners').append(item);
});

$('sign-in').addEventListener('click', () => sdk.auth.signIn());
$('sign-out').addEventListener('click', () => sdk.auth.signOut());

async function show() {
  const signedIn = await sdk.auth.signedIn();
  $('sign-in').hidden = signedIn;
  $('sign-out').hidden = !signedIn;
  if (!signedIn) {
    $('auth-status').textContent = 'Not signed in.';
    return;
  }
  const profile = await sdk.auth.getProfile();
  $('auth-status').textContent = `Signed in as ${profile?.name ?? 'someone'} (${profile?.email ?? ''}).`;

  // An endpoint is its method and path; the typed functions in the SDK wrap the same call.
  const login = await sdk.api.call({ method: 'POST', path: '/api/auth/login' }, { body: {} });
  if (login.isSuccess) {
    const v = login.value;
    $('session').replaceChildren(
      ...[
        ['Name', v.userFirstLastName],
        ['Practice', v.companyName],
        ['Practice system', v.gatewayCode],
        ['Roles', v.roles.join(', ')],
      ].flatMap(([term, detail]) => {
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = detail;
        return [dt, dd];
      }),
    );
  }
  const clinics = await sdk.api.call({ method: 'GET', path: '/api/company/clinics' });
  if (clinics.isSuccess) {
    $('clinics').replaceChildren(
      ...clinics.value.clinics.map((c) => {
        const li = document.createElement('li');
        li.textContent = `${c.description} (clinic ${c.clinicNum})`;
        return li;
      }),
    );
  }

  const realtime = await sdk.realtime();
  $('realtime-state').textContent = realtime.state;
  realtime.onState((state) => ($('realtime-state').textContent = state));
}

sdk.on('transaction-processed', (payload) => {
  const item = document.createElement('li');
  item.textContent = `TransactionProcessed: ${payload.referenceId} ${payload.status} ${payload.amount}`;
  $('events').append(item);
});
sdk.on('auth', () => void show());
await show();
