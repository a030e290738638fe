;;; emacs-driver.el --- drives eglot as a person would, after the README's init.el  -*- lexical-binding: t -*-
;; Visits $PREFIXD_TEST_FILE, waits for the diagnostics, takes the preferred code action fixing one,
;; hovers a name, then completes `schema:Per' through eglot's completion-at-point table (its own
;; filtering) and accepts `schema:Person' as completion-at-point does (insert, then the exit function).
;; Writes what it saw as JSON to $PREFIXD_TEST_OUT and exits.

(require 'cl-lib)
(require 'json)
(require 'eglot)
(require 'flymake)

(defvar prefixd-test-seen nil)
(defun prefixd-test-note (key value) (push (cons key value) prefixd-test-seen))

(defun prefixd-test-finish (error)
  (when error (prefixd-test-note 'error error))
  (prefixd-test-note 'lines (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n"))
  (with-temp-file (getenv "PREFIXD_TEST_OUT") (insert (json-encode prefixd-test-seen)))
  (kill-emacs 0))

(defun prefixd-test-wait (what test)
  "Wait until TEST gives a value (checking every 10 ms, letting the server's messages in), and return it."
  (let ((deadline (+ (float-time) 40)) value)
    (while (and (not (setq value (funcall test))) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    (unless value (error "timed out waiting for %s" what))
    value))

(defun prefixd-test-line-position (line column)
  (save-excursion (goto-char (point-min)) (forward-line line) (forward-char column) (point)))

(condition-case err
    (progn
      (find-file (getenv "PREFIXD_TEST_FILE"))
      ;; eglot-ensure connects after the command that visited the file: as the command loop would.
      (run-hooks 'post-command-hook)
      (prefixd-test-wait "the server" (lambda () (eglot-current-server)))
      (prefixd-test-note 'mode (symbol-name major-mode))
      (flymake-start)
      (let ((diagnostics (prefixd-test-wait "diagnostics"
                                            (lambda ()
                                              (cl-remove-if-not (lambda (d) (string-match-p "not a term" (flymake-diagnostic-text d)))
                                                                (flymake-diagnostics))))))
        (prefixd-test-note 'diagnostics (vconcat (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
        (let* ((diagnostic (car diagnostics))
               (actions (eglot-code-actions (flymake-diagnostic-beg diagnostic) (flymake-diagnostic-end diagnostic)))
               (preferred (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)))
          (prefixd-test-note 'actions (vconcat (mapcar (lambda (a) (plist-get a :title)) actions)))
          ;; What eglot does with the action a person picks.
          (when preferred (eglot--apply-workspace-edit (plist-get preferred :edit)))))
      ;; eglot tells the server of edits when Emacs is idle: as it would by now.
      (eglot--signal-textDocument/didChange)
      (goto-char (prefixd-test-line-position 3 12))
      (let ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams))))
        (prefixd-test-note 'hover (eglot--hover-info (plist-get hover :contents))))
      (goto-char (prefixd-test-line-position 4 0))
      (end-of-line)
      (let* ((capf (eglot-completion-at-point))
             (beg (nth 0 capf))
             (end (nth 1 capf))
             (table (nth 2 capf))
             (props (nthcdr 3 capf))
             (typed (buffer-substring-no-properties beg (point)))
             (offered (all-completions typed table))
             (chosen (cl-find "schema:Person" offered :test #'string=)))
        (prefixd-test-note 'typed typed)
        (prefixd-test-note 'completion (vconcat (mapcar #'substring-no-properties offered)))
        (when chosen
          (delete-region beg end)
          (goto-char beg)
          (insert chosen)
          (funcall (plist-get props :exit-function) chosen 'finished)))
      (prefixd-test-finish nil))
  (error (prefixd-test-finish (error-message-string err))))
