// The demo slot's browser side: it only talks to its own server (/play/{session}/...), which talks to the casino's wallet.
'use strict';

(() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const SYMBOLS = ['cherry', 'lemon', 'bell', 'emblem', 'star', 'gem', 'seven'];
  const UNIT = 100000;
  const body = document.body;
  const base = `/play/${encodeURIComponent(body.dataset.session || '')}`;
  const emblem = body.dataset.emblem || 'emblem';
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const el = (id) => document.getElementById(id);
  const ui = {
    balance: el('balance'),
    bet: el('bet'),
    win: el('win'),
    spin: el('spin'),
    down: el('bet-down'),
    up: el('bet-up'),
    message: el('message'),
    window: document.querySelector('.window'),
    reels: [0, 1, 2].map((i) => el(`reel-${i}`)),
    freebets: el('freebets'),
    freebetsText: el('freebets-text'),
    useFree: el('use-free'),
  };

  let state = null;
  let betIndex = 0;
  let freebet = null; // the reward_uuid in use, when the player chose free spins
  let spinning = false;

  const currencyLabel = () => (state && state.currency !== 'XXX' ? state.currency : 'FUN');
  const money = (units) =>
    `${(units / UNIT).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currencyLabel()}`;

  function say(text, kind) {
    ui.message.textContent = text || '';
    ui.message.className = `message${kind ? ` ${kind}` : ''}`;
  }

  function cell(symbol) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'cell');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', symbol === 'emblem' ? emblem : symbol);
    const use = document.createElementNS(SVG, 'use');
    use.setAttribute('href', `#s-${symbol}`);
    svg.append(use);
    return svg;
  }

  function showReel(index, symbols) {
    ui.reels[index].querySelector('.strip').replaceChildren(...symbols.map(cell));
  }

  function startReel(index) {
    const random = Array.from({ length: 6 }, () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]);
    // Nine cells whose last three repeat the first three, so the looping animation has no seam.
    showReel(index, [...random, ...random.slice(0, 3)]);
    ui.reels[index].classList.remove('landed');
    if (!reduceMotion) ui.reels[index].classList.add('spinning');
  }

  function landReel(index, symbols) {
    const reel = ui.reels[index];
    reel.classList.remove('spinning');
    showReel(index, symbols);
    if (!reduceMotion) reel.classList.add('landed');
  }

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, reduceMotion ? 0 : ms));

  function render() {
    if (!state) return;
    ui.balance.value = money(state.balance);
    const offer = state.freebets.find((f) => f.left > 0);
    if (!offer) freebet = null;
    ui.freebets.hidden = !offer;
    if (offer) {
      ui.freebetsText.textContent = `${offer.left} free spin${offer.left === 1 ? '' : 's'} at ${money(offer.bet_value)}`;
      if (freebet) freebet = offer.reward_uuid;
      ui.useFree.setAttribute('aria-pressed', String(Boolean(freebet)));
      ui.useFree.textContent = freebet ? 'Using free spins' : 'Use free spins';
    }
    ui.bet.value = freebet && offer ? `Free · ${money(offer.bet_value)}` : money(state.bets[betIndex]);
    ui.down.disabled = spinning || Boolean(freebet) || betIndex === 0;
    ui.up.disabled = spinning || Boolean(freebet) || betIndex === state.bets.length - 1;
    ui.spin.disabled = spinning;
  }

  async function call(path, options) {
    const response = await fetch(`${base}${path}`, {
      ...options,
      headers: { accept: 'application/json', ...(options && options.body ? { 'content-type': 'application/json' } : {}) },
      cache: 'no-store',
      credentials: 'omit',
    });
    if (response.status === 404) return { ok: false, error: 'session_not_found', message: 'This game link has expired. Reopen the game from the casino.' };
    if (!response.ok) return { ok: false, error: 'server_error', message: 'The game server had a problem. Please try again.' };
    return response.json();
  }

  async function load() {
    ui.spin.disabled = true;
    say('Loading…');
    try {
      const answer = await call('/state');
      if (!answer.ok) {
        say(answer.message, 'error');
        return;
      }
      state = answer;
      betIndex = Math.max(0, state.bets.indexOf(state.defaultBet));
      ui.win.value = money(0);
      say(state.mode === 'demo' ? 'Demo play: fun money only. Good luck!' : 'Good luck!');
      render();
    } catch {
      say('Could not reach the game server. Retrying…', 'error');
      setTimeout(load, 3000);
    }
  }

  /** After a win the wallet has not confirmed yet: fetch the balance again once the retries have had time to land. */
  async function refreshBalance() {
    try {
      const answer = await call('/state');
      if (answer.ok && state && !spinning) {
        state.balance = answer.balance;
        state.freebets = answer.freebets;
        render();
      }
    } catch {
      // the next spin shows the balance anyway
    }
  }

  async function spin() {
    if (!state || spinning) return;
    spinning = true;
    ui.window.classList.remove('won');
    ui.win.value = money(0);
    say('');
    render();
    const started = Date.now();
    ui.reels.forEach((_, i) => {
      startReel(i);
    });
    let answer;
    try {
      answer = await call('/spin', { method: 'POST', body: JSON.stringify(freebet ? { reward_uuid: freebet } : { bet: state.bets[betIndex] }) });
    } catch {
      answer = { ok: false, error: 'network', message: 'Could not reach the game server. Your balance is unchanged unless the casino says otherwise.' };
    }
    await wait(Math.max(0, 650 - (Date.now() - started)));
    if (answer.ok) {
      for (let i = 0; i < 3; i++) {
        landReel(i, answer.reels[i]);
        await wait(260);
      }
      state.balance = answer.balance;
      state.freebets = answer.freebets;
      ui.win.value = money(answer.win);
      if (answer.win > 0) {
        ui.window.classList.add('won');
        say(answer.message || `You win ${money(answer.win)}!`, 'win');
      } else say(answer.message || (answer.free ? 'Free spin played. No win this time.' : 'No win this time.'));
      if (answer.winPending) setTimeout(refreshBalance, 5000);
    } else {
      // The reels go back to a still picture; nothing was played.
      ui.reels.forEach((_, i) => {
        landReel(i, ['seven', 'emblem', 'gem']);
      });
      if (typeof answer.balance === 'number') state.balance = answer.balance;
      if (Array.isArray(answer.freebets)) state.freebets = answer.freebets;
      say(answer.message, 'error');
    }
    spinning = false;
    render();
  }

  ui.spin.addEventListener('click', spin);
  ui.down.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    render();
  });
  ui.up.addEventListener('click', () => {
    betIndex = Math.min(state.bets.length - 1, betIndex + 1);
    render();
  });
  ui.useFree.addEventListener('click', () => {
    const offer = state && state.freebets.find((f) => f.left > 0);
    freebet = freebet || !offer ? null : offer.reward_uuid;
    render();
  });
  document.addEventListener('keydown', (event) => {
    if (event.code === 'Space' && event.target === body) {
      event.preventDefault();
      spin();
    }
  });
  ui.reels.forEach((reel) => {
    reel.addEventListener('animationend', () => reel.classList.remove('landed'));
  });

  load();
})();
