import { html, nothing, type TemplateResult } from 'lit-html';
import type { Dashboard } from '../dashboard.js';
import type { TaskRecord } from '../model/tasks.js';
import { toolResult, type ContentActions } from './content.js';
import { clock } from './format.js';

/** The tasks panel: each task's status stream, Cancel while it runs, and its result. */
export class TasksPanel {
  constructor(private readonly d: Dashboard, private readonly actions: ContentActions) {}

  private card(task: TaskRecord): TemplateResult {
    const client = this.d.client;
    const running = this.d.tasks.isRunning(task.id);
    return html`<article class="task ${task.status}" data-task=${task.id} data-status=${task.status}>
      <header>
        <strong>${task.tool}</strong> <code>${JSON.stringify(task.args).slice(0, 100)}</code>
        <span class="status-badge task-status ${task.status}">${task.status}</span>
        ${task.taskId ? html`<small class="task-id" title="the server's task id">${task.taskId}</small>` : nothing}
        ${running && task.taskId !== undefined && client !== undefined
          ? html`<button class="cancel-task" ?disabled=${task.cancelling === true} @click=${() => this.d.tasks.cancel(client, task.id)}>${task.cancelling ? 'Cancelling…' : 'Cancel'}</button>`
          : nothing}
      </header>
      <ol class="task-steps">${task.steps.map((step) => html`<li><time>${clock(step.at)}</time> <span class="step-status">${step.status}</span>${step.message ? html` <span class="step-message">${step.message}</span>` : nothing}</li>`)}</ol>
      ${task.result !== undefined ? toolResult(task.result, this.actions) : nothing}
      ${task.error !== undefined ? html`<p class="error-text task-error">${task.error}</p>` : nothing}
    </article>`;
  }

  render(): TemplateResult {
    const tasks = this.d.tasks.list;
    return html`<h2>Tasks <small>${tasks.length}</small></h2>
      ${tasks.length === 0 ? html`<p class="empty muted">No tasks. A tool the server runs as a task has a "Run as task" button.</p>` : nothing}
      <div class="task-list">${[...tasks].reverse().map((task) => this.card(task))}</div>`;
  }
}
