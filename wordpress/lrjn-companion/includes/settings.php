<?php
/**
 * Settings → Site revalidation: site URL, shared secret, test button and the delivery log.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

const LRJN_COMPANION_SETTINGS_SLUG = 'lrjn-site-revalidation';

/**
 * Registers the two options with sanitising callbacks.
 */
function lrjn_companion_register_settings() {
	register_setting(
		'lrjn_companion',
		'lrjn_companion_site_url',
		array(
			'type'              => 'string',
			'default'           => '',
			'show_in_rest'      => false,
			'sanitize_callback' => 'lrjn_companion_sanitize_site_url',
		)
	);
	register_setting(
		'lrjn_companion',
		'lrjn_companion_webhook_secret',
		array(
			'type'              => 'string',
			'default'           => '',
			'show_in_rest'      => false,
			'sanitize_callback' => 'lrjn_companion_sanitize_secret',
		)
	);
}
add_action( 'admin_init', 'lrjn_companion_register_settings' );

/**
 * Site URL: http(s) only, no trailing slash. Unchanged when fixed by LRJN_SITE_URL or not submitted.
 *
 * @param mixed $value Submitted value.
 * @return string
 */
function lrjn_companion_sanitize_site_url( $value ) {
	$current = (string) get_option( 'lrjn_companion_site_url', '' );
	if ( defined( 'LRJN_SITE_URL' ) || null === $value || ! is_string( $value ) ) {
		return $current;
	}
	$value = trim( wp_unslash( $value ) );
	if ( '' === $value ) {
		return '';
	}
	$clean = esc_url_raw( $value, array( 'http', 'https' ) );
	$parts = '' === $clean ? false : wp_parse_url( $clean );
	if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) ) {
		add_settings_error( 'lrjn_companion_site_url', 'invalid-url', __( 'The site URL must be an http:// or https:// address.', 'lrjn-companion' ) );
		return $current;
	}
	return untrailingslashit( $clean );
}

/**
 * Secret: printable characters only; an empty field keeps the stored secret.
 *
 * @param mixed $value Submitted value.
 * @return string
 */
function lrjn_companion_sanitize_secret( $value ) {
	$current = (string) get_option( 'lrjn_companion_webhook_secret', '' );
	if ( defined( 'LRJN_WEBHOOK_SECRET' ) || null === $value || ! is_string( $value ) ) {
		return $current;
	}
	$value = trim( (string) preg_replace( '/[^\x21-\x7E]/', '', wp_unslash( $value ) ) );
	if ( '' === $value ) {
		return $current;
	}
	if ( strlen( $value ) < 16 ) {
		add_settings_error( 'lrjn_companion_webhook_secret', 'short-secret', __( 'The secret must be at least 16 characters long.', 'lrjn-companion' ) );
		return $current;
	}
	return substr( $value, 0, 256 );
}

/**
 * Adds the page under Settings.
 */
function lrjn_companion_add_settings_page() {
	add_options_page(
		__( 'Site revalidation', 'lrjn-companion' ),
		__( 'Site revalidation', 'lrjn-companion' ),
		'manage_options',
		LRJN_COMPANION_SETTINGS_SLUG,
		'lrjn_companion_render_settings_page'
	);
}
add_action( 'admin_menu', 'lrjn_companion_add_settings_page' );

/**
 * "Settings" link on the Plugins screen.
 *
 * @param string[] $links Action links.
 * @return string[]
 */
function lrjn_companion_plugin_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=' . LRJN_COMPANION_SETTINGS_SLUG );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'lrjn-companion' ) . '</a>' );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( LRJN_COMPANION_FILE ), 'lrjn_companion_plugin_action_links' );

/**
 * Renders the settings page.
 */
function lrjn_companion_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'lrjn-companion' ) );
	}
	$site_url       = lrjn_companion_site_url();
	$url_fixed      = defined( 'LRJN_SITE_URL' );
	$secret_fixed   = defined( 'LRJN_WEBHOOK_SECRET' );
	$has_secret     = '' !== lrjn_companion_webhook_secret();
	$endpoint       = lrjn_companion_webhook_endpoint();
	$log            = get_option( LRJN_COMPANION_LOG_OPTION, array() );
	$log            = is_array( $log ) ? $log : array();
	$test_result    = isset( $_GET['lrjn-test'] ) ? sanitize_key( wp_unslash( $_GET['lrjn-test'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended
	$next_retry     = wp_next_scheduled( 'lrjn_companion_retry_webhook' );
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'When content is published, updated, unpublished, binned or deleted, WordPress tells the website which pages to refresh. Requests are signed with the shared secret (HMAC-SHA256).', 'lrjn-companion' ); ?></p>

		<?php if ( 'ok' === $test_result || 'failed' === $test_result ) : ?>
			<?php $last = isset( $log[0] ) ? $log[0] : null; ?>
			<div class="notice <?php echo 'ok' === $test_result ? 'notice-success' : 'notice-error'; ?> is-dismissible">
				<p>
					<?php
					if ( 'ok' === $test_result ) {
						esc_html_e( 'Test webhook delivered.', 'lrjn-companion' );
					} else {
						esc_html_e( 'Test webhook failed.', 'lrjn-companion' );
					}
					if ( $last ) {
						echo ' ' . esc_html( lrjn_companion_describe_result( $last ) );
					}
					?>
				</p>
			</div>
		<?php elseif ( 'cleared' === $test_result ) : ?>
			<div class="notice notice-success is-dismissible"><p><?php esc_html_e( 'Log cleared.', 'lrjn-companion' ); ?></p></div>
		<?php endif; ?>

		<form method="post" action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>">
			<?php settings_fields( 'lrjn_companion' ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="lrjn_companion_site_url"><?php esc_html_e( 'Website URL', 'lrjn-companion' ); ?></label></th>
					<td>
						<?php if ( $url_fixed ) : ?>
							<input type="url" id="lrjn_companion_site_url" class="regular-text code" value="<?php echo esc_attr( $site_url ); ?>" readonly="readonly" />
							<p class="description"><?php esc_html_e( 'Set by the LRJN_SITE_URL constant in wp-config.php.', 'lrjn-companion' ); ?></p>
						<?php else : ?>
							<input type="url" id="lrjn_companion_site_url" name="lrjn_companion_site_url" class="regular-text code" value="<?php echo esc_attr( $site_url ); ?>" placeholder="https://www.example.org" />
							<p class="description"><?php esc_html_e( 'The public website, without a trailing slash. Webhooks go to this address followed by /api/revalidate.', 'lrjn-companion' ); ?></p>
						<?php endif; ?>
						<?php if ( '' !== $endpoint ) : ?>
							<p class="description">
								<?php
								/* translators: %s: the webhook endpoint URL. */
								printf( esc_html__( 'Endpoint: %s', 'lrjn-companion' ), '<code>' . esc_html( $endpoint ) . '</code>' );
								?>
							</p>
						<?php endif; ?>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="lrjn_companion_webhook_secret"><?php esc_html_e( 'Shared secret', 'lrjn-companion' ); ?></label></th>
					<td>
						<?php if ( $secret_fixed ) : ?>
							<input type="text" id="lrjn_companion_webhook_secret" class="regular-text" value="<?php echo esc_attr__( 'Set in wp-config.php', 'lrjn-companion' ); ?>" readonly="readonly" />
							<p class="description"><?php esc_html_e( 'Set by the LRJN_WEBHOOK_SECRET constant in wp-config.php.', 'lrjn-companion' ); ?></p>
						<?php else : ?>
							<input type="password" id="lrjn_companion_webhook_secret" name="lrjn_companion_webhook_secret" class="regular-text code" value="" autocomplete="new-password" placeholder="<?php echo $has_secret ? esc_attr__( '(unchanged)', 'lrjn-companion' ) : ''; ?>" />
							<p class="description">
								<?php
								if ( $has_secret ) {
									esc_html_e( 'A secret is stored. Leave the field empty to keep it, or type a new one to replace it.', 'lrjn-companion' );
								} else {
									esc_html_e( 'No secret yet: nothing is sent until one is set. Use at least 32 random characters, the same value as the website\'s REVALIDATE_SECRET.', 'lrjn-companion' );
								}
								?>
							</p>
						<?php endif; ?>
					</td>
				</tr>
			</table>
			<?php
			if ( ! ( $url_fixed && $secret_fixed ) ) {
				submit_button();
			}
			?>
		</form>

		<h2><?php esc_html_e( 'Test', 'lrjn-companion' ); ?></h2>
		<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
			<input type="hidden" name="action" value="lrjn_companion_test_webhook" />
			<?php wp_nonce_field( 'lrjn_companion_test_webhook' ); ?>
			<p><?php esc_html_e( 'Sends a "save" message for the front page and shows the result.', 'lrjn-companion' ); ?></p>
			<?php submit_button( __( 'Send test webhook', 'lrjn-companion' ), 'secondary', 'submit', false, ( '' === $endpoint || ! $has_secret ) ? array( 'disabled' => 'disabled' ) : array() ); ?>
		</form>

		<?php do_action( 'lrjn_companion_settings_after_test' ); ?>

		<h2><?php esc_html_e( 'Recent deliveries', 'lrjn-companion' ); ?></h2>
		<?php if ( $next_retry ) : ?>
			<p>
				<?php
				/* translators: %s: date and time of the next scheduled retry. */
				printf( esc_html__( 'A retry is scheduled for %s (needs WP-Cron).', 'lrjn-companion' ), esc_html( wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $next_retry ) ) );
				?>
			</p>
		<?php endif; ?>
		<?php if ( empty( $log ) ) : ?>
			<p><?php esc_html_e( 'Nothing sent yet.', 'lrjn-companion' ); ?></p>
		<?php else : ?>
			<table class="widefat striped">
				<thead>
					<tr>
						<th scope="col"><?php esc_html_e( 'Time', 'lrjn-companion' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Change', 'lrjn-companion' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Type', 'lrjn-companion' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Slug', 'lrjn-companion' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Result', 'lrjn-companion' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Attempts', 'lrjn-companion' ); ?></th>
					</tr>
				</thead>
				<tbody>
					<?php foreach ( $log as $entry ) : ?>
						<?php $entry = is_array( $entry ) ? $entry : array(); ?>
						<tr>
							<td><?php echo esc_html( isset( $entry['time'] ) ? wp_date( 'Y-m-d H:i:s', (int) $entry['time'] ) : '' ); ?></td>
							<td><?php echo esc_html( trim( ( isset( $entry['kind'] ) ? $entry['kind'] : '' ) . ' ' . ( isset( $entry['action'] ) ? $entry['action'] : '' ) ) ); ?></td>
							<td><?php echo esc_html( isset( $entry['type'] ) ? $entry['type'] : '' ); ?></td>
							<td><code><?php echo esc_html( isset( $entry['slug'] ) ? $entry['slug'] : '' ); ?></code></td>
							<td><?php echo esc_html( lrjn_companion_describe_result( $entry ) ); ?></td>
							<td><?php echo esc_html( isset( $entry['attempts'] ) ? (string) (int) $entry['attempts'] : '' ); ?></td>
						</tr>
					<?php endforeach; ?>
				</tbody>
			</table>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="lrjn_companion_clear_log" />
				<?php wp_nonce_field( 'lrjn_companion_clear_log' ); ?>
				<?php submit_button( __( 'Clear log', 'lrjn-companion' ), 'secondary small', 'submit', true ); ?>
			</form>
		<?php endif; ?>
	</div>
	<?php
}

/**
 * One-line description of a log entry's outcome.
 *
 * @param array $entry Log entry.
 * @return string
 */
function lrjn_companion_describe_result( $entry ) {
	$parts = array();
	if ( ! empty( $entry['code'] ) ) {
		/* translators: %d: HTTP status code. */
		$parts[] = sprintf( __( 'HTTP %d', 'lrjn-companion' ), (int) $entry['code'] );
	}
	if ( ! empty( $entry['error'] ) ) {
		$parts[] = (string) $entry['error'];
	}
	if ( ! empty( $entry['retry'] ) ) {
		$parts[] = __( 'retry scheduled in 60 s', 'lrjn-companion' );
	}
	if ( empty( $parts ) ) {
		$parts[] = ! empty( $entry['ok'] ) ? __( 'OK', 'lrjn-companion' ) : __( 'Failed', 'lrjn-companion' );
	}
	return implode( ' · ', $parts );
}

/**
 * Handles "Send test webhook".
 */
function lrjn_companion_handle_test_webhook() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'lrjn-companion' ), 403 );
	}
	check_admin_referer( 'lrjn_companion_test_webhook' );

	$front   = (int) get_option( 'page_on_front' );
	$page    = $front ? get_post( $front ) : null;
	$message = array(
		'kind'         => 'post',
		'action'       => 'save',
		'postType'     => 'page',
		'id'           => $page ? (int) $page->ID : 0,
		'slug'         => $page ? $page->post_name : '',
		'previousSlug' => null,
		'status'       => $page ? $page->post_status : 'publish',
	);
	$result = lrjn_companion_send_webhook( $message, false );

	wp_safe_redirect(
		add_query_arg(
			array(
				'page'      => LRJN_COMPANION_SETTINGS_SLUG,
				'lrjn-test' => $result['ok'] ? 'ok' : 'failed',
			),
			admin_url( 'options-general.php' )
		)
	);
	exit;
}
add_action( 'admin_post_lrjn_companion_test_webhook', 'lrjn_companion_handle_test_webhook' );

/**
 * Handles "Clear log".
 */
function lrjn_companion_handle_clear_log() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'lrjn-companion' ), 403 );
	}
	check_admin_referer( 'lrjn_companion_clear_log' );
	update_option( LRJN_COMPANION_LOG_OPTION, array(), false );
	wp_safe_redirect(
		add_query_arg(
			array(
				'page'      => LRJN_COMPANION_SETTINGS_SLUG,
				'lrjn-test' => 'cleared',
			),
			admin_url( 'options-general.php' )
		)
	);
	exit;
}
add_action( 'admin_post_lrjn_companion_clear_log', 'lrjn_companion_handle_clear_log' );
