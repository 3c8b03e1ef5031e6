// `npm install`'s last step. On a fresh machine `npm install` may run on an older system Node.js; npm then skips
// optional native packages that ask for a newer one (Hardhat's EDR binary for the local chain needs Node >= 22),
// although the project itself runs on the pinned `node` dev dependency (24), which is this script's Node. So when
// the install ran on an older Node, install once more on this one: it adds what was skipped and changes nothing else.
import { spawnSync } from 'node:child_process';

const installer = /\bnode\/v(\d+)\./.exec(process.env.npm_config_user_agent ?? '')?.[1];
if (installer !== undefined && Number(installer) < 22 && process.env.CROUPIER_SECOND_INSTALL !== '1') {
  console.log(`npm ran on Node.js ${installer}; installing the optional packages it skipped on Node.js ${process.versions.node}`);
  const again = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
    stdio: 'inherit',
    env: { ...process.env, CROUPIER_SECOND_INSTALL: '1' },
  });
  process.exit(again.status ?? 1);
}
