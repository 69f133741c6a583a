'use strict';
// Drives VS Code's workbench (served by code-server) in headless Chromium as a user would: opens
// the model with Quick Open, waits for the language server's error squiggle, reads the Problems
// panel, hovers the publication for its prediction and saves a screenshot. Prints one line per
// finding ("problem ...", "hover ...", "console-error ...", "screenshot ...") for tests/e2e/vscode.sh.
//   usage: node drive.js URL FILE_NAME HOVER_WORD SCREENSHOT   (NODE_PATH: puppeteer-core)
const puppeteer = require('puppeteer-core');

const [url, fileName, hoverWord, screenshot] = process.argv.slice(2);
const TIMEOUT_MS = 90_000;

async function main() {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--window-size=1600,1000'],
    defaultViewport: { width: 1600, height: 1000 },
  });
  try {
    const page = await browser.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console-error ' + m.text().split('\n')[0]); });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: TIMEOUT_MS });
    await page.waitForSelector('.monaco-workbench .part.editor', { timeout: TIMEOUT_MS });
    await page.waitForSelector('.explorer-folders-view', { timeout: TIMEOUT_MS }).catch(() => {});

    // Quick Open (Ctrl+P), the file's name, Enter
    await page.click('.monaco-workbench .part.editor');
    await page.keyboard.down('Control'); await page.keyboard.press('KeyP'); await page.keyboard.up('Control');
    await page.waitForSelector('.quick-input-widget input', { visible: true, timeout: TIMEOUT_MS });
    await page.keyboard.type(fileName);
    await page.waitForFunction((name) => [...document.querySelectorAll('.quick-input-list .monaco-list-row')]
      .some((r) => r.textContent.includes(name)), { timeout: TIMEOUT_MS }, fileName);
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => [...document.querySelectorAll('.tab')].some((t) => t.textContent.includes(name)),
      { timeout: TIMEOUT_MS }, fileName);
    // the language VS Code gave the file, as its status bar names it
    await page.waitForSelector('[id="status.editor.mode"]', { timeout: TIMEOUT_MS });
    console.log('language ' + (await page.$eval('[id="status.editor.mode"]', (e) => e.textContent.trim())));

    // the language server's diagnostic: a squiggle in the editor, a row in the Problems panel
    await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: TIMEOUT_MS });
    console.log('squiggle error');
    await page.keyboard.down('Control'); await page.keyboard.down('Shift');
    await page.keyboard.press('KeyM');
    await page.keyboard.up('Shift'); await page.keyboard.up('Control');
    await page.waitForSelector('.markers-panel .monaco-list-row', { timeout: TIMEOUT_MS });
    for (const row of await page.$$eval('.markers-panel .monaco-list-row', (rows) => rows.map((r) => r.textContent))) {
      console.log('problem ' + row.replace(/\s+/g, ' ').trim());
    }

    // the prediction hover: the mouse on the word
    const box = await page.evaluate((word) => {
      for (const span of document.querySelectorAll('.monaco-editor .view-lines span span')) {
        if (span.textContent === word) {
          const r = span.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
      }
      return null;
    }, hoverWord);
    if (!box) throw new Error('no "' + hoverWord + '" on screen');
    await page.mouse.move(box.x, box.y + 40);
    await page.mouse.move(box.x, box.y, { steps: 5 });
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-hover')]
      .some((h) => h.offsetParent !== null && h.textContent.trim().length > 0), { timeout: TIMEOUT_MS });
    for (const text of await page.$$eval('.monaco-hover', (hs) => hs.filter((h) => h.offsetParent !== null).map((h) => h.textContent))) {
      console.log('hover ' + text.replace(/\s+/g, ' ').trim());
    }
    await page.screenshot({ path: screenshot });
    console.log('screenshot ' + screenshot);
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.log('error ' + e.message); process.exitCode = 1; });
