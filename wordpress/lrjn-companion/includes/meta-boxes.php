<?php
/**
 * Meta boxes for the fields that matter most, for sites without Advanced Custom Fields: an event's date, times,
 * place, online flag and registration link, and a report's PDF and organisation. Without them an editor would
 * have to type exact meta keys (and attachment IDs) into the hidden Custom Fields panel.
 *
 * The values are stored as the post meta that acf-fields.php serves in the `acf` REST field, in ACF's own storage
 * formats (dates as Ymd, times as H:i, the PDF as an attachment ID), so a site that installs ACF later keeps them.
 * When ACF is active its field groups (acf-field-groups.php) provide the inputs and these boxes are not shown.
 *
 * Saving checks the box's nonce and the user's right to edit the post, and sanitises every value; a value that
 * does not validate (a malformed date or time, a link that is not http(s), an attachment that is not a PDF) is
 * not stored and the previous value stays.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether the plugin shows its meta boxes: not when ACF is active (its field groups take over).
 *
 * @return bool
 */
function lrjn_companion_meta_boxes_enabled() {
	if ( class_exists( 'ACF' ) ) {
		return false;
	}
	/**
	 * Filters whether the plugin's event and report meta boxes are shown and saved (only asked without ACF).
	 *
	 * @param bool $enabled Default true.
	 */
	return (bool) apply_filters( 'lrjn_companion_meta_boxes_enabled', true );
}

/**
 * Registers the boxes on the event and report edit screens.
 */
function lrjn_companion_add_meta_boxes() {
	if ( ! lrjn_companion_meta_boxes_enabled() ) {
		return;
	}
	add_meta_box( 'lrjn-event-details', __( 'Event details', 'lrjn-companion' ), 'lrjn_companion_render_event_meta_box', 'events', 'normal', 'high' );
	add_meta_box( 'lrjn-report-details', __( 'Report details', 'lrjn-companion' ), 'lrjn_companion_render_report_meta_box', 'reports', 'normal', 'high' );
}
add_action( 'add_meta_boxes', 'lrjn_companion_add_meta_boxes' );

/**
 * The nonce action of a box for one post.
 *
 * @param string $box     'event' or 'report'.
 * @param int    $post_id Post ID.
 * @return string
 */
function lrjn_companion_meta_box_nonce_action( $box, $post_id ) {
	return 'lrjn_' . $box . '_details_' . (int) $post_id;
}

/**
 * `Ymd` or `Y-m-d` → `Y-m-d` for a date input; '' when it is neither or not a real date.
 *
 * @param mixed $value Stored value.
 * @return string
 */
function lrjn_companion_date_for_input( $value ) {
	if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-?(\d{2})-?(\d{2})$/', $value, $m ) ) {
		return '';
	}
	return checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ? "$m[1]-$m[2]-$m[3]" : '';
}

/**
 * A submitted date (`Y-m-d` from a date input) → ACF's storage format `Ymd`; '' when empty, null when invalid.
 *
 * @param string $value Submitted value.
 * @return string|null
 */
function lrjn_companion_sanitize_date( $value ) {
	$value = trim( $value );
	if ( '' === $value ) {
		return '';
	}
	$date = lrjn_companion_date_for_input( $value );
	return '' === $date ? null : str_replace( '-', '', $date );
}

/**
 * A submitted time → `H:i`; '' when empty, null when invalid.
 *
 * @param string $value Submitted value (`H:i` or `H:i:s` from a time input).
 * @return string|null
 */
function lrjn_companion_sanitize_time( $value ) {
	$value = trim( $value );
	if ( '' === $value ) {
		return '';
	}
	return preg_match( '/^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/', $value, $m ) ? "$m[1]:$m[2]" : null;
}

/**
 * A submitted link → an http(s) URL; '' when empty, null when it is not one.
 *
 * @param string $value Submitted value.
 * @return string|null
 */
function lrjn_companion_sanitize_link( $value ) {
	$value = trim( $value );
	if ( '' === $value ) {
		return '';
	}
	$url = esc_url_raw( $value, array( 'http', 'https' ) );
	// No wp_http_validate_url(): it resolves the host, which an editor's link need not allow from the server.
	$host = '' !== $url ? wp_parse_url( $url, PHP_URL_HOST ) : null;
	return $host && preg_match( '#^https?://#i', $url ) ? $url : null;
}

/**
 * Stores one value: '' deletes the meta, null (invalid) leaves it as it was.
 *
 * @param int         $post_id Post ID.
 * @param string      $key     Meta key (the ACF field name).
 * @param string|null $value   Sanitised value.
 */
function lrjn_companion_store_meta( $post_id, $key, $value ) {
	if ( null === $value ) {
		return;
	}
	if ( '' === $value ) {
		delete_post_meta( $post_id, $key );
		return;
	}
	update_post_meta( $post_id, $key, wp_slash( $value ) );
}

/**
 * The submitted fields of a box, when the request may save them: the box's nonce is valid for this post and the
 * user may edit it (not on autosaves or revisions). Null otherwise.
 *
 * @param string $box     'event' or 'report'.
 * @param int    $post_id Post ID.
 * @return array<string,string>|null Field name => unslashed string value.
 */
function lrjn_companion_meta_box_submission( $box, $post_id ) {
	if ( ! lrjn_companion_meta_boxes_enabled() || ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $post_id ) ) {
		return null;
	}
	$nonce_field = 'lrjn_' . $box . '_nonce';
	// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a nonce is compared, not stored.
	$nonce = isset( $_POST[ $nonce_field ] ) ? wp_unslash( (string) $_POST[ $nonce_field ] ) : '';
	if ( '' === $nonce || ! wp_verify_nonce( $nonce, lrjn_companion_meta_box_nonce_action( $box, $post_id ) ) ) {
		return null;
	}
	if ( ! current_user_can( 'edit_post', $post_id ) ) {
		return null;
	}
	$raw = isset( $_POST[ 'lrjn_' . $box ] ) && is_array( $_POST[ 'lrjn_' . $box ] ) ? wp_unslash( $_POST[ 'lrjn_' . $box ] ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- each field is sanitised by the caller.
	$out = array();
	foreach ( $raw as $key => $value ) {
		if ( is_string( $key ) && is_scalar( $value ) ) {
			$out[ $key ] = (string) $value;
		}
	}
	return $out;
}

/**
 * The event box: date, start/end time, end date, place, postcode, online, registration link.
 *
 * @param WP_Post $post Post being edited.
 */
function lrjn_companion_render_event_meta_box( $post ) {
	$get          = static fn( $key ) => get_post_meta( $post->ID, $key, true );
	$registration = $get( 'registration_details' );
	$reg_url      = is_array( $registration ) ? (string) ( $registration['registration_url'] ?? ( $registration['url'] ?? '' ) ) : ( is_string( $registration ) ? $registration : '' );
	$details      = $get( 'location_details' );
	wp_nonce_field( lrjn_companion_meta_box_nonce_action( 'event', $post->ID ), 'lrjn_event_nonce' );
	$row = static function ( $id, $label, $input, $help = '' ) {
		printf(
			'<p><label for="%1$s"><strong>%2$s</strong></label><br>%3$s%4$s</p>',
			esc_attr( $id ),
			esc_html( $label ),
			$input, // Built below from escaped parts.
			$help ? '<br><span class="description">' . esc_html( $help ) . '</span>' : ''
		);
	};
	$input = static fn( $type, $key, $value, $extra = '' ) => sprintf(
		'<input type="%1$s" id="lrjn-event-%2$s" name="lrjn_event[%2$s]" value="%3$s" %4$s>',
		esc_attr( $type ),
		esc_attr( $key ),
		esc_attr( (string) $value ),
		$extra
	);
	$row( 'lrjn-event-event_date', __( 'Date', 'lrjn-companion' ), $input( 'date', 'event_date', lrjn_companion_date_for_input( $get( 'event_date' ) ) ), __( 'For a series, the date of the first session.', 'lrjn-companion' ) );
	$row( 'lrjn-event-event_time', __( 'Start time', 'lrjn-companion' ), $input( 'time', 'event_time', (string) $get( 'event_time' ) ) );
	$row( 'lrjn-event-event_end_time', __( 'End time', 'lrjn-companion' ), $input( 'time', 'event_end_time', (string) $get( 'event_end_time' ) ) );
	$row( 'lrjn-event-event_end_date', __( 'End date', 'lrjn-companion' ), $input( 'date', 'event_end_date', lrjn_companion_date_for_input( $get( 'event_end_date' ) ) ), __( 'Only for events over several days, or the last session of a series.', 'lrjn-companion' ) );
	$row(
		'lrjn-event-location',
		__( 'Place', 'lrjn-companion' ),
		$input( 'text', 'location', is_string( $get( 'location' ) ) ? $get( 'location' ) : '', 'class="widefat"' ),
		is_array( $details ) && array_filter( $details ) ? __( 'This event also has detailed place fields (venue, address), which the website shows instead.', 'lrjn-companion' ) : __( 'Venue and address on one line, e.g. Hope Street Hall, 12 Chapeltown Road, Leeds.', 'lrjn-companion' )
	);
	$row( 'lrjn-event-post_code', __( 'Postcode', 'lrjn-companion' ), $input( 'text', 'post_code', is_string( $get( 'post_code' ) ) ? $get( 'post_code' ) : '' ) );
	printf(
		'<p><input type="hidden" name="lrjn_event[is_online]" value="0"><label><input type="checkbox" id="lrjn-event-is_online" name="lrjn_event[is_online]" value="1" %1$s> %2$s</label></p>',
		checked( filter_var( $get( 'is_online' ), FILTER_VALIDATE_BOOLEAN ), true, false ),
		esc_html__( 'Online event', 'lrjn-companion' )
	);
	$row( 'lrjn-event-registration_url', __( 'Registration link', 'lrjn-companion' ), $input( 'url', 'registration_url', $reg_url, 'class="widefat" placeholder="https://"' ) );
}

/**
 * Saves the event box (save_post_events).
 *
 * @param int $post_id Post ID.
 */
function lrjn_companion_save_event_meta_box( $post_id ) {
	$fields = lrjn_companion_meta_box_submission( 'event', $post_id );
	if ( null === $fields ) {
		return;
	}
	foreach ( array( 'event_date', 'event_end_date' ) as $key ) {
		if ( isset( $fields[ $key ] ) ) {
			lrjn_companion_store_meta( $post_id, $key, lrjn_companion_sanitize_date( $fields[ $key ] ) );
		}
	}
	foreach ( array( 'event_time', 'event_end_time' ) as $key ) {
		if ( isset( $fields[ $key ] ) ) {
			lrjn_companion_store_meta( $post_id, $key, lrjn_companion_sanitize_time( $fields[ $key ] ) );
		}
	}
	foreach ( array( 'location', 'post_code' ) as $key ) {
		if ( isset( $fields[ $key ] ) ) {
			lrjn_companion_store_meta( $post_id, $key, sanitize_text_field( $fields[ $key ] ) );
		}
	}
	if ( isset( $fields['is_online'] ) ) {
		update_post_meta( $post_id, 'is_online', '1' === $fields['is_online'] ? '1' : '0' );
	}
	if ( isset( $fields['registration_url'] ) ) {
		$url = lrjn_companion_sanitize_link( $fields['registration_url'] );
		if ( null !== $url ) {
			// Other keys of an existing registration group (set through ACF or the REST API) are kept.
			$details = get_post_meta( $post_id, 'registration_details', true );
			$details = is_array( $details ) ? $details : array();
			unset( $details['url'] );
			if ( '' === $url ) {
				unset( $details['registration_url'] );
			} else {
				$details['registration_url'] = $url;
			}
			if ( $details ) {
				update_post_meta( $post_id, 'registration_details', wp_slash( $details ) );
			} else {
				delete_post_meta( $post_id, 'registration_details' );
			}
		}
	}
}
add_action( 'save_post_events', 'lrjn_companion_save_event_meta_box' );

/**
 * PDF attachments an editor may pick, newest first.
 *
 * @return WP_Post[]
 */
function lrjn_companion_pdf_attachments() {
	return get_posts(
		array(
			'post_type'      => 'attachment',
			'post_mime_type' => 'application/pdf',
			'post_status'    => 'inherit',
			'posts_per_page' => 200,
			'orderby'        => 'date',
			'order'          => 'DESC',
		)
	);
}

/**
 * The report box: organisation and the PDF (picked from the PDFs in the Media Library).
 *
 * @param WP_Post $post Post being edited.
 */
function lrjn_companion_render_report_meta_box( $post ) {
	$organization = get_post_meta( $post->ID, 'organization', true );
	$current      = get_post_meta( $post->ID, 'pdf_file', true );
	$current_id   = is_numeric( $current ) ? (int) $current : 0;
	wp_nonce_field( lrjn_companion_meta_box_nonce_action( 'report', $post->ID ), 'lrjn_report_nonce' );
	printf(
		'<p><label for="lrjn-report-organization"><strong>%1$s</strong></label><br><input type="text" class="widefat" id="lrjn-report-organization" name="lrjn_report[organization]" value="%2$s"></p>',
		esc_html__( 'Organisation', 'lrjn-companion' ),
		esc_attr( is_string( $organization ) ? $organization : '' )
	);
	echo '<p><label for="lrjn-report-pdf_file"><strong>' . esc_html__( 'Report PDF', 'lrjn-companion' ) . '</strong></label><br>';
	echo '<select id="lrjn-report-pdf_file" name="lrjn_report[pdf_file]" class="widefat">';
	echo '<option value="">' . esc_html__( '— No PDF —', 'lrjn-companion' ) . '</option>';
	$listed = false;
	foreach ( lrjn_companion_pdf_attachments() as $pdf ) {
		$listed = $listed || $pdf->ID === $current_id;
		printf(
			'<option value="%1$d" %2$s>%3$s</option>',
			(int) $pdf->ID,
			selected( $pdf->ID, $current_id, false ),
			esc_html( $pdf->post_title . ' (' . wp_basename( (string) get_attached_file( $pdf->ID ) ) . ')' )
		);
	}
	if ( $current_id && ! $listed ) {
		printf( '<option value="%1$d" selected>%2$s</option>', (int) $current_id, esc_html( get_the_title( $current_id ) ) );
	}
	echo '</select><br><span class="description">' . esc_html__( 'Upload the PDF under Media → Add New first; it then appears in this list.', 'lrjn-companion' ) . '</span>';
	if ( $current_id && wp_get_attachment_url( $current_id ) ) {
		printf( ' <a href="%1$s" target="_blank" rel="noopener">%2$s</a>', esc_url( (string) wp_get_attachment_url( $current_id ) ), esc_html__( 'Open the current PDF', 'lrjn-companion' ) );
	}
	echo '</p>';
}

/**
 * Saves the report box (save_post_reports). The PDF must be an existing PDF attachment.
 *
 * @param int $post_id Post ID.
 */
function lrjn_companion_save_report_meta_box( $post_id ) {
	$fields = lrjn_companion_meta_box_submission( 'report', $post_id );
	if ( null === $fields ) {
		return;
	}
	if ( isset( $fields['organization'] ) ) {
		lrjn_companion_store_meta( $post_id, 'organization', sanitize_text_field( $fields['organization'] ) );
	}
	if ( isset( $fields['pdf_file'] ) ) {
		$id = absint( $fields['pdf_file'] );
		if ( '' === trim( $fields['pdf_file'] ) ) {
			delete_post_meta( $post_id, 'pdf_file' );
		} elseif ( $id && 'attachment' === get_post_type( $id ) && 'application/pdf' === get_post_mime_type( $id ) ) {
			update_post_meta( $post_id, 'pdf_file', $id );
		}
	}
}
add_action( 'save_post_reports', 'lrjn_companion_save_report_meta_box' );
